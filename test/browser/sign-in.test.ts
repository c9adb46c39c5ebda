import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './server-process';

// Sign-in end to end: the built console, the embedded OpenID provider and Chromium, nothing faked.
const adminPassword = ADMIN_PASSWORD;

describe('sign-in against the embedded provider', () => {
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
    // Console errors include CSP violations, which would break the silent iframe or the callback page.
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const where = message.location().url;
      // The refused password is answered 401 on purpose; Chromium logs every 4xx page load.
      if (/\/oidc\/interaction\/[^/]+\/login$/.test(where) && message.text().includes('401')) return;
      problems.push(`console: ${message.text()} (${where})`);
    });
    page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const welcome = () => page.getByRole('heading', { level: 1, name: 'Welcome 👋' });
  const home = () => page.getByRole('heading', { level: 1, name: 'Search Evaluation Console' });
  const path = () => new URL(page.url()).pathname + new URL(page.url()).search;

  it('sends a signed-out visitor of a protected route to /login', async () => {
    await page.goto(`${server.url}/datasets`);
    await welcome().waitFor();
    expect(path()).toBe('/login');
    expect(await page.getByRole('button', { name: 'Log In' }).isEnabled()).toBe(true);
    // One line says what the product is, before anyone signs in.
    expect(await page.getByText('Search Evaluation Console: curate test queries and judgements').isVisible()).toBe(true);
  });

  it("takes 'Log In' to the provider's login page, which refuses a wrong password", async () => {
    // Opened at /login itself, so the landing is the origin; a deep link comes back (below).
    await page.goto(`${server.url}/login`);
    await welcome().waitFor();
    await page.getByRole('button', { name: 'Log In' }).click();
    // Waits for the stylesheet too: the browser paints nothing before it, but a script can read styles earlier.
    await page.waitForURL(/\/oidc\/interaction\//, { waitUntil: 'load' });
    await page.getByLabel('Username').waitFor();
    // The provider's page speaks the console's words and wears its theme (its accent and its card).
    expect(await page.title()).toBe('Log In · Search Evaluation Console');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Log In');
    const submit = page.getByRole('button', { name: 'Log In', exact: true });
    expect(await submit.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(11, 92, 173)');
    expect(await page.locator('.card').evaluate((card) => getComputedStyle(card).borderRadius)).toBe('8px');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Invalid username or password');
    expect(new URL(page.url()).pathname).toMatch(/^\/oidc\/interaction\//);
  });

  it('signs in with the right password and lands at the site origin', async () => {
    const tokenAnswer = page.waitForResponse((response) => response.url() === `${server.url}/oidc/token`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await home().waitFor();
    // The callback's code and state are gone from the address: the landing is the origin.
    expect(page.url()).toBe(`${server.url}/`);
    await page.getByRole('button', { name: /^User menu for / }).waitFor();

    // The access token the console redeemed is one the evaluation service accepts (resource = audience).
    const { access_token: accessToken } = (await (await tokenAnswer).json()) as { access_token: string };
    const api = await fetch(`${server.url}/api/service/datasets/`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(api.status).toBe(200);
  });

  it('keeps the session over a reload (silent authorization in a hidden iframe)', async () => {
    const silentAnswers: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${server.url}/silent-callback.html`)) silentAnswers.push(request.url());
    });
    await page.reload();
    await home().waitFor();
    expect(page.url()).toBe(`${server.url}/`);
    expect(silentAnswers).toHaveLength(1);
    expect(new URL(silentAnswers[0]).searchParams.has('code')).toBe(true);
    // Tokens live in memory only: nothing in web storage looks like a JWT.
    const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }));
    expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  });

  it('logs out from the user menu by keyboard, ends the provider session and lands on /login', async () => {
    await page.getByRole('button', { name: /^User menu for / }).focus();
    await page.keyboard.press('Enter');
    // A local account's menu starts with Change password; Logout is the next item down.
    const change = page.getByRole('menuitem', { name: 'Change password' });
    // The menu takes the focus once it is open, a moment after its items show: polled, not read once.
    await expect.poll(() => change.evaluate((item) => item === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await expect.poll(() => logout.evaluate((item) => item === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await welcome().waitFor();
    expect(path()).toBe('/login');

    // The provider session is over too: Log In asks for the password again.
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByLabel('Username').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/oidc\/interaction\//);
  });

  it('brings a deep link opened while signed out back after sign-in', async () => {
    await page.goto(`${server.url}/datasets?page=1`);
    await welcome().waitFor();
    expect(path()).toBe('/login');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
    expect(path()).toBe('/datasets?page=1');
    expect(await page.title()).toBe('Datasets · Search Evaluation Console');
  });

  it('saw no console errors or CSP violations on the way', () => {
    expect(problems).toEqual([]);
  });
});
