import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import type { RunningServer } from './server-process';

// The bulk upload dialog's example keeps every token whole on a 1024 px screen, and its
// template downloads as the example's CSV.

describe('the bulk upload dialog at 1024 × 768', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;

  beforeAll(async () => {
    opened = await openConsole({ context: { viewport: { width: 1024, height: 768 }, acceptDownloads: true } });
    ({ server, page } = opened);
    await page.goto(`${server.url}/dataset-entries`);
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
  });

  afterAll(() => opened?.close());

  const dialog = () => page.getByRole('dialog', { name: 'Bulk Upload' });

  it('wraps the example only between tokens, never inside one', async () => {
    const pre = dialog().locator('pre');
    const tokens = pre.locator('span');
    expect(await tokens.count()).toBeGreaterThan(4);
    const split = await tokens.evaluateAll((spans) =>
      spans
        .filter((span) => new Set([...span.getClientRects()].map((rect) => Math.round(rect.top))).size > 1)
        .map((span) => span.textContent),
    );
    expect(split).toEqual([]);
  });

  it('takes a CSV file dropped onto the dialog', async () => {
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['input\nsofa\n'], 'dropped.csv', { type: 'text/csv' }));
      return transfer;
    });
    const target = dialog().getByText(/^Columns:/);
    await target.dispatchEvent('dragover', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });
    await dialog().getByText('dropped.csv (11.00 Bytes)').waitFor();
    expect(await dialog().getByRole('button', { name: 'Upload' }).isEnabled()).toBe(true);
  });

  it('downloads the template CSV, the example’s text', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog().getByRole('link', { name: 'Download the template CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('dataset-entries-template.csv');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.trimEnd()).toBe(await dialog().locator('pre').textContent());
  });
});
