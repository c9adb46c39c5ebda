import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './server-process';

// With PUBLIC_URL unset, sign-in works from http://localhost:PORT and from http://127.0.0.1:PORT.
const adminPassword = ADMIN_PASSWORD;

describe('sign-in without PUBLIC_URL, from either loopback address', () => {
  let server: RunningServer;
  let browser: Browser;
  let port: string;
  const problems: string[] = [];

  beforeAll(async () => {
    server = await startServer({ env: { PUBLIC_URL: '', DEMO_DATA: 'false' } });
    port = new URL(server.url).port;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(start: string) {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
    try {
      await page.goto(start);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill(adminPassword);
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Search Evaluation Console' }).waitFor();
      await page.getByRole('button', { name: /^User menu for / }).waitFor();
      return page.url();
    } finally {
      await context.close();
    }
  }

  it('names http://localhost:PORT/ as the address to open, before any other address', () => {
    const firstAddress = /https?:\/\/[^\s"/]+/.exec(
      server
        .output()
        .stdout.split('\n')
        .find((line) => line.includes('Open')) ?? '',
    );
    expect(server.output().stdout).toContain(`INFO: Open http://localhost:${port}/ in a browser`);
    expect(firstAddress?.[0]).toBe(`http://localhost:${port}`);
  });

  it('signs in from http://127.0.0.1:PORT/ (the page moves to localhost) and reaches the dashboard', async () => {
    expect(await signIn(`http://127.0.0.1:${port}/`)).toBe(`http://localhost:${port}/`);
  });

  it('signs in from http://localhost:PORT/ and reaches the dashboard', async () => {
    expect(await signIn(`http://localhost:${port}/`)).toBe(`http://localhost:${port}/`);
  });

  it('leaves API calls at 127.0.0.1 alone', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/api/service/datasets/`, { headers: { Accept: 'text/html' }, redirect: 'manual' });
    expect(answer.status).toBe(401);
  });

  it('saw no console errors or CSP violations on the way', () => {
    expect(problems).toEqual([]);
  });
});
