import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { seriousAccessibilityViolations, serviceClient } from './console-session';
import type { RunningServer } from './server-process';

// Dataset entries end to end: the built console, the real server, real sign-in. Needs the
// /dataset-entries routes wired in App.tsx (see src/logic/entries-logic.ts).

type Entry = { id: number; input: string; input_metadata: Record<string, unknown> | null; datasets: Array<{ id: number; name: string }> };
type Dataset = { id: number; name: string };

function csvOf(rows: number, badRow?: number): string {
  const lines = ['input,datasets,input_metadata'];
  for (let row = 2; row <= rows + 1; row += 1) {
    const metadata = row === badRow ? '{not json' : `{""n"":${row}}`;
    lines.push(`bulk query ${row},Bulk A|Bulk B,"${metadata}"`);
  }
  return `${lines.join('\n')}\n`;
}

describe('dataset entries in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let api: ReturnType<typeof serviceClient>;
  let work: string;
  let problems: string[];
  const datasets: Record<string, number> = {};

  beforeAll(async () => {
    opened = await openConsole({
      env: { DEMO_DATA: 'false' },
      expectedConsoleErrors: /Failed to load resource: the server responded with a status of (400|404)/,
    });
    ({ server, page, problems } = opened);
    work = await mkdtemp(join(tmpdir(), 'entries-browser-'));
    api = serviceClient(server.url, opened.token);
    for (const name of ['Sofas', 'Tables', 'Lamps']) {
      const created = await api<Dataset>('POST', 'datasets/', { name, description: `${name} queries` });
      datasets[name] = created.data.id;
    }
  });

  afterAll(async () => {
    await opened?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const entryCount = async () => (await api<Entry[]>('GET', 'dataset-entries/?page_size=1')).total;
  const dialog = (name: string) => page.getByRole('dialog', { name });
  let entryId = 0;

  it('adds an entry with two datasets and metadata, refusing invalid JSON until it is fixed', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dataset Entries' }).click();
    await page.getByText('No dataset entries yet.').waitFor();
    await page.getByRole('button', { name: 'Add Entry' }).click();
    const add = dialog('Add Dataset Entry');
    expect(await add.getByRole('button', { name: 'Create Entry' }).isDisabled()).toBe(true);
    await add.getByLabel('Input*').fill('red velvet sofa');
    await add.getByRole('button', { name: /Datasets/ }).click();
    await add.getByRole('checkbox', { name: 'Sofas' }).check();
    await add.getByRole('checkbox', { name: 'Tables' }).check();
    await add.getByRole('button', { name: /2 dataset\(s\) selected/ }).waitFor();
    await add.getByLabel('Metadata (JSON)').fill('{"locale": "en-GB"');
    let posted = 0;
    const countPosts = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/service/dataset-entries/')) posted += 1;
    };
    page.on('request', countPosts);
    await add.getByRole('button', { name: 'Create Entry' }).click();
    await add.getByRole('alert').filter({ hasText: 'Invalid JSON format' }).waitFor();
    expect(posted).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await add.getByLabel('Metadata (JSON)').fill('{"locale": "en-GB"}');
    expect(await add.getByRole('alert').count()).toBe(0);
    await add.getByRole('button', { name: 'Create Entry' }).click();
    await add.waitFor({ state: 'detached' });
    page.off('request', countPosts);
    expect(posted).toBe(1);
    const row = page.getByRole('row', { name: /red velvet sofa/ });
    await row.getByRole('link', { name: 'Sofas' }).waitFor();
    expect(await row.getByRole('link', { name: 'Tables' }).getAttribute('href')).toBe(`/datasets/${datasets.Tables}/edit`);
    const { data } = await api<Entry[]>('GET', 'dataset-entries/');
    expect(data).toHaveLength(1);
    entryId = data[0].id;
    expect(data[0].input_metadata).toEqual({ locale: 'en-GB' });
    expect(data[0].datasets.map((d) => d.name).sort()).toEqual(['Sofas', 'Tables']);
  });

  it('edits the entry: removes one dataset, adds another, and exactly those links change', async () => {
    await page.getByRole('link', { name: `Edit entry ${entryId}` }).click();
    await page.getByText(`ID: ${entryId}`).waitFor();
    await page.getByRole('list', { name: 'Selected datasets' }).waitFor();
    expect(await page.getByLabel('Metadata (JSON)').inputValue()).toBe('{\n  "locale": "en-GB"\n}');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const mappingCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/service/dataset-entry-mappings/')) mappingCalls.push(`${request.method()} ${request.postData()}`);
    });
    await page.getByRole('button', { name: 'Remove Tables' }).click();
    await page.getByRole('button', { name: /Datasets/ }).click();
    await page.getByRole('checkbox', { name: 'Lamps' }).check();
    await page.getByLabel('Input*').fill('red velvet sofa, 3 seater');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(/\/dataset-entries$/);
    await page
      .getByRole('row', { name: /red velvet sofa, 3 seater/ })
      .getByRole('link', { name: 'Lamps' })
      .waitFor();
    expect(mappingCalls).toEqual([
      `POST [{"dataset_id":${datasets.Lamps},"dataset_entry_id":${entryId}}]`,
      `DELETE [{"dataset_id":${datasets.Tables},"dataset_entry_id":${entryId}}]`,
    ]);
    const { data } = await api<Entry>('GET', `dataset-entries/${entryId}`);
    expect(data.input).toBe('red velvet sofa, 3 seater');
    expect(data.datasets.map((d) => d.name).sort()).toEqual(['Lamps', 'Sofas']);
  });

  it('shows Dataset entry not found for a missing id', async () => {
    await page.goto(`${server.url}/dataset-entries/999999/edit`);
    await page.getByText('Dataset entry not found').waitFor();
    await page.goto(`${server.url}/dataset-entries`);
    await page.getByRole('table').waitFor();
  });

  it('deletes an entry after the confirmation', async () => {
    await page.getByRole('button', { name: `Delete entry ${entryId}` }).click();
    const confirm = dialog('Delete Dataset Entry');
    await confirm.getByText('Are you sure you want to delete this dataset entry?').waitFor();
    await confirm.getByText(`Entry ${entryId}: “red velvet sofa, 3 seater”`).waitFor();
    await confirm.getByText('This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await api('GET', `dataset-entries/${entryId}`)).status).toBe(404);
  });

  it('bulk uploads a 10,000-row CSV with progress and the right counts', async () => {
    const file = join(work, 'entries-10k.csv');
    await writeFile(file, csvOf(10_000));
    const before = await entryCount();
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const upload = dialog('Bulk Upload');
    expect(await upload.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);
    await upload.getByLabel('CSV file').setInputFiles(file);
    await upload.getByText(/^entries-10k\.csv \(\d+\.\d\d KB\)$/).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Records whether the progress bar showed, however quickly the upload ends.
    await page.evaluate(() => {
      const seen = { progress: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="dialog"] progress')) seen.progress = true;
      }).observe(document.body, { subtree: true, childList: true });
    });
    await upload.getByRole('button', { name: 'Upload' }).click();
    const summary = upload.getByRole('region', { name: 'Upload Complete' });
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.locator('dd').allTextContents()).toEqual(['10000', '2', '20000']);
    expect(await page.evaluate(() => (window as unknown as { seen: { progress: boolean } }).seen.progress)).toBe(true);
    expect(await entryCount()).toBe((before ?? 0) + 10_000);
    await upload.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('row', { name: /bulk query/ })
      .first()
      .waitFor();
  });

  it('refuses a CSV with a bad row 9,000, shows the row and leaves the data unchanged', async () => {
    const file = join(work, 'bad-row.csv');
    await writeFile(file, csvOf(10_000, 9_000));
    const before = await entryCount();
    const datasetsBefore = (await api<Dataset[]>('GET', 'datasets/?page_size=1000')).data.length;
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const upload = dialog('Bulk Upload');
    await upload.getByLabel('CSV file').setInputFiles(file);
    await upload.getByRole('button', { name: 'Upload' }).click();
    const alert = upload.getByRole('alert').filter({ hasText: 'Failed to upload file. Please try again.' });
    await alert.waitFor({ timeout: 60_000 });
    expect(await alert.getByRole('list', { name: 'Problems in the file' }).textContent()).toMatch(/^Row 9000, column input_metadata: /);
    expect(await entryCount()).toBe(before);
    expect((await api<Dataset[]>('GET', 'datasets/?page_size=1000')).data.length).toBe(datasetsBefore);
  });

  it('refuses a file that is not CSV', async () => {
    const file = join(work, 'notes.txt');
    await writeFile(file, 'not a csv');
    const upload = dialog('Bulk Upload');
    await upload.getByLabel('CSV file').setInputFiles(file);
    await upload.getByRole('alert').filter({ hasText: 'Please select a CSV file' }).waitFor();
    expect(await upload.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);
    await upload.getByRole('button', { name: 'Cancel' }).click();
    await upload.waitFor({ state: 'detached' });
  });

  it('searches and filters by dataset with the total and "Page x of y", all kept in the address', async () => {
    await page.goto(`${server.url}/dataset-entries`);
    await page.getByText(/^\d+ entries$/).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search entries' });
    await search.fill('bulk query 999');
    await search.press('Enter');
    await page.getByText('11 entries').waitFor();
    expect(new URL(page.url()).search).toBe('?search=bulk+query+999&page=1');
    expect(await page.getByText('Page 1 of 1').isVisible()).toBe(true);
    expect(await page.getByRole('row').count()).toBe(12);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await search.fill('BULK QUERY');
    await search.press('Enter');
    await page.getByText('10000 entries').waitFor();
    await page.getByRole('combobox', { name: 'Dataset' }).selectOption({ label: 'Bulk A' });
    await page.waitForURL((url) => url.searchParams.get('dataset') !== null);
    const bulkA = new URL(page.url()).searchParams.get('dataset');
    await page.getByText('Page 1 of 500').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 500').waitFor();
    expect(new URL(page.url()).search).toBe(`?search=BULK+QUERY&dataset=${bulkA}&page=2`);
    await page.reload();
    await page.getByText('Page 2 of 500').waitFor();
    expect(await page.getByRole('combobox', { name: 'Dataset' }).inputValue()).toBe(bulkA);
    expect(await search.inputValue()).toBe('BULK QUERY');
    await page.goto(`${server.url}/dataset-entries?search=BULK+QUERY&dataset=${bulkA}&page=500`);
    await page.getByText('Page 500 of 500').waitFor();
    expect(await page.getByRole('row').count()).toBe(21);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.goBack();
    await page.getByText('Page 2 of 500').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('edit entry: Cancel and Save return to the filtered page it was opened from, or to the list when opened directly', async () => {
    await page.getByText('Page 2 of 500').waitFor();
    const listAddress = page.url();
    await page
      .getByRole('link', { name: /^Edit entry / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Page 2 of 500').waitFor();
    expect(page.url()).toBe(listAddress);

    await page
      .getByRole('link', { name: /^Edit entry / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Page 2 of 500').waitFor();
    expect(page.url()).toBe(listAddress);

    // Opened directly, after a page outside the console: Cancel stays in the console.
    const [entry] = (await api<Entry[]>('GET', 'dataset-entries/?page_size=1')).data;
    await page.goto('about:blank');
    await page.goto(`${server.url}/dataset-entries/${entry.id}/edit`);
    await page.getByText(`ID: ${entry.id}`).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${server.url}/dataset-entries`);
    await page.getByRole('table').waitFor();
  });

  it('logged no error in the page', () => {
    expect(problems).toEqual([]);
  });
});
