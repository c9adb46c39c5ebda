import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startServer, type RunningServer } from './server-process';

describe('console served by the reference server', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ fresh: true }); // the first start a newcomer meets: initdb, migrations, demo data
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openAndCollectErrors(path: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status()).toBe(200);
    return { page, errors };
  }

  it.each(['/', '/datasets'])('serves %s (deep links too) and sends a signed-out visitor to /login', async (path) => {
    const { page, errors } = await openAndCollectErrors(path);
    const heading = page.getByRole('heading', { name: 'Welcome 👋' });
    await heading.waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves the API docs (Swagger UI) about the product, with every operation drawn and no console error', async () => {
    const { page, errors } = await openAndCollectErrors('/docs');
    await page.getByRole('heading', { name: /Search evaluation reference server/ }).waitFor();
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(50);
    expect(await page.getByText('The API of the search evaluation console').isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await page.close();
  });
});
