import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import type { RunningServer } from './server-process';

// The /golden-sets page in the built console against the real server: the demo data's four golden sets,
// a golden set's CSV and qrels saved as real downloads, an upload and its summary, a refused file's row problem, a rename
// and a delete.

describe('golden sets', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token: string;
  let problems: string[];

  beforeAll(async () => {
    // The refused file this test uploads on purpose is logged by Chromium as a failed resource.
    opened = await openConsole({
      context: { acceptDownloads: true },
      expectedConsoleErrors: /Failed to load resource: the server responded with a status of 400/,
    });
    ({ server, page, token, problems } = opened);
  });

  afterAll(() => opened?.close());

  const table = () => page.getByRole('table', { name: 'Golden Sets' });
  // The names only: a demo set's row header also holds its Demo label.
  const rowNames = () => table().getByRole('rowheader').getByRole('link').allTextContents();
  const dialog = (name: string) => page.getByRole('dialog', { name });

  it('counts the golden sets on the Dashboard and lists the four demo sets', async () => {
    const cards = page.getByRole('list', { name: 'Counts' });
    await cards.getByRole('link', { name: /^Golden Sets/ }).waitFor();
    expect(await cards.getByRole('link', { name: /^Golden Sets/ }).textContent()).toBe('Golden Sets4');
    await cards.getByRole('link', { name: /^Golden Sets/ }).click();
    await table().waitFor();
    expect((await rowNames()).sort()).toEqual([
      'Golden set — France',
      'Golden set — Germany',
      'Golden set — Spain',
      'Golden set — United States (generated)',
    ]);
    const germany = table().getByRole('row').filter({ hasText: 'Golden set — Germany' });
    expect(await germany.getByRole('cell').first().textContent()).toMatch(/^[\d,]+ quer(y|ies) · [\d,]+ judgements?$/);
  });

  it('saves a demo golden set’s CSV and qrels as downloads, byte for byte what the server answers', async () => {
    const backend = (path: string) => fetch(`${server.url}/api/backend/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const { results } = (await (await backend('golden-sets/?page=1&page_size=100')).json()) as {
      results: Array<{ id: number; name: string }>;
    };
    const germany = results.find((goldenSet) => goldenSet.name === 'Golden set — Germany')!;
    expect(germany, 'the demo data has the golden set for Germany').toBeDefined();

    const saved: Record<string, string> = {};
    for (const [file, extension] of [
      ['CSV', 'csv'],
      ['TREC qrels', 'qrels'],
    ] as const) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: `Export Golden set — Germany as ${file}` }).click();
      const downloaded = await download;
      const filename = `golden-set-${germany.id}-Golden-set-Germany.${extension}`;
      expect(downloaded.suggestedFilename()).toBe(filename);
      const bytes = await readFile((await downloaded.path())!);
      const answer = await backend(`golden-sets/${germany.id}/export.${extension}`);
      expect(answer.status).toBe(200);
      const served = Buffer.from(await answer.arrayBuffer());
      expect(bytes.length).toBe(served.length);
      expect(bytes.equals(served), `${filename} is byte-equal to the server's answer`).toBe(true);
      await page.getByText(`Saved ${filename}.`).waitFor();
      expect(await page.getByRole('button', { name: `Export Golden set — Germany as ${file}` }).isEnabled()).toBe(true);
      saved[extension] = bytes.toString('utf8');
    }
    // What was saved is what the formats promise: the CSV with its BOM and header, the qrels as `qid 0 docid grade`.
    expect(saved.csv.startsWith('\uFEFFquery,product_id,relevance\r\n')).toBe(true);
    const qrels = saved.qrels.split('\n').filter((line) => line !== '');
    expect(qrels.length).toBe(saved.csv.split('\r\n').filter((line) => line !== '').length - 1);
    for (const line of qrels) expect(line).toMatch(/^\S+ 0 \S+ \d+$/);
  });

  it('uploads a CSV golden set and shows a bad file’s row problem', async () => {
    await page.getByRole('button', { name: 'Add Golden Set' }).click();
    const add = dialog('Add Golden Set');
    await add.getByLabel('Name*').fill('Sofas DE');
    await add.getByLabel('Market').fill('DE');
    await add.getByLabel('Judgements file (CSV)*').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('query,product_id,relevance\nsofa,P1,2\nsofa bed,P2,lots\n'),
    });
    await add.getByRole('button', { name: 'Upload Golden Set' }).click();
    const problem = add.getByRole('list', { name: 'Problems in the files' }).getByRole('listitem');
    await problem.first().waitFor();
    expect(await problem.first().textContent()).toMatch(/^Row 3, column relevance: /);

    await add.getByLabel('Judgements file (CSV)*').setInputFiles({
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('query,product_id,relevance\nsofa,NEW-1,2\nsofa,NEW-2,0\nsofa bed,NEW-1,1\n'),
    });
    await add.getByRole('button', { name: 'Upload Golden Set' }).click();
    // The dialog ends on a summary: what was created, and the products the catalogue lacks, as a CSV download.
    const summary = add.getByRole('region', { name: 'Upload Complete' });
    await summary.waitFor();
    await summary.getByText('2 queries · 3 judgements created').waitFor();
    const missing = summary.getByRole('region', { name: '2 products are not in the catalogue' });
    expect(await missing.getByRole('listitem').allTextContents()).toEqual(['NEW-1', 'NEW-2']);
    const download = page.waitForEvent('download');
    await missing.getByRole('button', { name: 'Download all 2 (CSV)' }).click();
    const saved = await readFile((await (await download).path())!, 'utf8');
    expect(saved).toBe('\uFEFFproduct_id\r\nNEW-1\r\nNEW-2\r\n');
    await add.getByRole('button', { name: 'Close' }).click();
    await add.waitFor({ state: 'detached' });
    const row = table().getByRole('row').filter({ hasText: 'Sofas DE' });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['2 queries · 3 judgements', 'DE']));
  });

  it('renames one golden set and deletes another', async () => {
    await page.getByRole('button', { name: 'Edit Sofas DE' }).click();
    const edit = dialog('Edit Golden Set');
    await edit.getByLabel('Name*').fill('Sofas Germany');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await table().getByRole('rowheader', { name: 'Sofas Germany' }).waitFor();

    await page.getByRole('button', { name: 'Delete Golden set — Spain' }).click();
    await dialog('Delete Golden Set').getByRole('button', { name: 'Delete' }).click();
    await table().getByRole('rowheader', { name: 'Golden set — Spain' }).waitFor({ state: 'detached' });
    // The list reloads after the delete: wait for its rows before reading them.
    await table().getByRole('rowheader', { name: 'Sofas Germany' }).waitFor();
    expect((await rowNames()).sort()).toEqual([
      'Golden set — France',
      'Golden set — Germany',
      'Golden set — United States (generated)',
      'Sofas Germany',
    ]);
    expect(problems).toEqual([]);
  });
});
