import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { signIn } from './console-session';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './server-process';

// The experiments' script filter is in the address, so Back and a reload keep it.
const password = ADMIN_PASSWORD;

describe('Filter by Script in the address', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    context = await browser.newContext();
    page = await context.newPage();
    await signIn(page, server.url, password);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const filter = () => page.getByLabel('Filter by Script');
  const table = () => page.getByRole('table', { name: 'Experiments' });
  const names = async () => (await table().getByRole('row').allTextContents()).slice(1);
  const chosen = () => filter().evaluate((select: HTMLSelectElement) => select.selectedOptions[0].textContent);

  it('keeps the chosen script through a reload and returns to All Scripts with Back', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Experiments' }).click();
    await table().getByText('BM25 baseline', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('select option').length > 1);
    const all = await names();

    await filter().selectOption({ label: 'LLM relevance judge' });
    await page.waitForURL(/\/experiments\?script=\d+&page=1$/);
    await table().getByText('Semantic rerank for chairs', { exact: true }).waitFor();
    expect(await table().getByRole('row').count()).toBe(2);

    await page.reload();
    await table().getByText('Semantic rerank for chairs', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('select option').length > 1);
    expect(await chosen()).toBe('LLM relevance judge');
    expect(await table().getByRole('row').count()).toBe(2);

    await page.goBack();
    await page.waitForURL(/\/experiments(\?page=1)?$/);
    await table().getByText('BM25 baseline', { exact: true }).waitFor();
    expect(await chosen()).toBe('All Scripts');
    expect(await names()).toEqual(all);
  });
});
