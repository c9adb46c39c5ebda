import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';

// The experiments' script filter is in the address, so Back and a reload keep it.

describe('Filter by Script in the address', () => {
  let opened: OpenConsole | undefined;
  let page: Page;

  beforeAll(async () => {
    opened = await openConsole();
    ({ page } = opened);
  });

  afterAll(() => opened?.close());

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
