import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './server-process';

// The sample-data screens in the built console, signed in against the embedded provider:
// the mock evaluations list and detail (1 s fake load, Back keeps the page) and the test case.
// Colours are read from computed styles; they are the theme's success, warning, danger and muted tokens.
const adminPassword = ADMIN_PASSWORD;

const colour = {
  green: 'rgb(26, 127, 55)',
  yellow: 'rgb(154, 103, 0)',
  red: 'rgb(180, 35, 24)',
  grey: 'rgb(87, 96, 106)',
};

describe('sample-data screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    context = await browser.newContext();
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`page: ${error.message}`));

    // Sign in as test/browser/sign-in.test.ts does; the landing is the site origin.
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByRole('button', { name: /^User menu for / }).waitFor();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const path = () => new URL(page.url()).pathname + new URL(page.url()).search;
  const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
  const backgroundOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  const colourOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);
  const borderOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).borderTopColor);
  /** A deep link in the signed-in app (the session comes back silently after the load). */
  const open = async (to: string) => {
    await page.goto(`${server.url}${to}`);
    await page.getByRole('button', { name: /^User menu for / }).waitFor();
  };

  it('shows the mock evaluations page 2 with coloured status badges and a disabled New Evaluation', async () => {
    await open('/evaluations?page=2');
    await heading('Evaluations').waitFor();
    expect(await page.getByRole('button', { name: 'New Evaluation' }).isDisabled()).toBe(true);
    const table = page.getByRole('table', { name: 'Evaluations' });
    expect(await table.getByRole('row').count()).toBe(4);
    expect(await backgroundOf(table.getByText('pending', { exact: true }))).toBe(colour.yellow);
    expect(await backgroundOf(table.getByText('SUCCESS', { exact: true }).first())).toBe(colour.green);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1', { exact: true }).waitFor();
    expect(path()).toBe('/evaluations?page=1');
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    for (const status of ['failed', 'FAIL', 'ERROR']) {
      expect(await backgroundOf(table.getByText(status, { exact: true }))).toBe(colour.red);
    }
    expect(await backgroundOf(table.getByText('running', { exact: true }))).toBe(colour.grey);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2', { exact: true }).waitFor();
  });

  it('opens an evaluation from page 2 by keyboard, fake-loads its 179 results, and goes back to page 2', async () => {
    const link = page.getByRole('link', { name: 'View details of Relevance baseline, France' });
    expect(await link.getAttribute('href')).toBe('/evaluations/2?page=2');
    await link.focus();
    const opened = Date.now();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Loading evaluation results...' }).waitFor();
    expect(path()).toBe('/evaluations/2?page=2');

    const table = page.getByRole('table', { name: 'Relevance baseline, France' });
    await table.waitFor();
    expect(Date.now() - opened).toBeGreaterThanOrEqual(900); // the mock list's 1 s fake load
    expect(await table.getByRole('row').count()).toBe(180);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Query', 'Status', 'Created At', 'Summary']);
    expect(await table.getByRole('row').nth(1).getByRole('cell').nth(2).textContent()).toMatch(
      /^nDCG@10 \d\.\d{3} · P@10 \d\.\d{3} · R@10 \d\.\d{3} · (Complete|Page without relevants|No more results)$/,
    );
    expect(await backgroundOf(table.getByText('SUCCESS', { exact: true }).first())).toBe(colour.green);
    expect(await backgroundOf(table.getByText('FAIL', { exact: true }).first())).toBe(colour.red);

    await page.getByRole('button', { name: 'Back to Evaluations' }).click();
    await heading('Evaluations').waitFor();
    expect(path()).toBe('/evaluations?page=2');
    await page.getByText('Page 2', { exact: true }).waitFor();
  });

  it('shows an unknown evaluation as an error the person can leave', async () => {
    await open('/evaluations/999?page=1');
    await page.getByRole('alert').filter({ hasText: 'No evaluation with ID 999.' }).waitFor();
    await page.getByRole('button', { name: 'Back to Evaluations' }).click();
    await heading('Evaluations').waitFor();
    expect(path()).toBe('/evaluations?page=1');
  });

  it('shows a test case with three-decimal metrics, coloured borders and a green nDCG summary', async () => {
    await open('/test-case/1');
    await heading('Test Case 1').waitFor();
    expect(await page.getByText('0.866', { exact: true }).count()).toBe(1);
    const summary = page.getByText(/^nDCG@10 86\.6%/);
    expect(await colourOf(summary)).toBe(colour.green);

    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    expect(await borderOf(results.nth(0))).toBe(colour.green); // common
    expect(await borderOf(results.nth(3))).toBe(colour.yellow); // leftover
    const references = page.getByRole('list', { name: 'References' }).getByRole('listitem');
    expect(await borderOf(references.nth(0))).toBe(colour.green); // common
    expect(await borderOf(references.nth(4))).toBe(colour.red); // missing
  });

  it('shows the nDCG summary yellow below 80 percent', async () => {
    await open('/test-case/2');
    await heading('Test Case 2').waitFor();
    expect(await colourOf(page.getByText(/^nDCG@10 59\.3%/))).toBe(colour.yellow);
  });

  it('saw no console errors on the way', () => {
    expect(problems).toEqual([]);
  });
});
