import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { seriousAccessibilityViolations } from './console-session';
import type { RunningServer } from './server-process';

// The /catalogue page in the built console against the real server: products imported through the dialog
// (and a bad file's problem by line), the built-in search's ranking with scores as the API answers it, graded
// by a golden set uploaded through the API, and a product's details.

// 'florbix' is in no demo product: the search finds only these.
const CATALOGUE = [
  'product_id,name,description,image_url,color',
  'FLX-1,Florbix velvet ottoman,A florbix ottoman in velvet,/demo-images/FLX-1.svg,green',
  'FLX-2,Florbix storage ottoman,Ottoman with storage,,',
  'FLX-3,Florbix pouf,A round ottoman,,grey',
  'FLX-4,Florbix floor lamp,,,',
].join('\n');
// FLX-2 is judged 0 (not relevant): a grade, not 'unjudged'; FLX-3 is not judged for this query.
const JUDGEMENTS = ['query,product_id,relevance', 'Florbix  Ottoman,FLX-1,3', 'florbix ottoman,FLX-2,0', 'florbix lamp,FLX-4,2'].join('\n');

describe('catalogue', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token: string;
  let goldenSetId: number;
  let problems: string[];

  const backend = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}/api/backend/${path}`, { ...init, headers: { Authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    // The refused file this test uploads on purpose is logged by Chromium as a failed resource.
    opened = await openConsole({ expectedConsoleErrors: /Failed to load resource: the server responded with a status of 400/ });
    ({ server, page, token, problems } = opened);
    const form = new FormData();
    form.append('name', 'Florbix grades');
    form.append('file', new Blob([JUDGEMENTS], { type: 'text/csv' }), 'florbix.csv');
    const created = await backend('golden-sets/', { method: 'POST', body: form });
    expect(created.status, await created.clone().text()).toBe(201);
    goldenSetId = ((await created.json()) as { id: number }).id;
  });

  afterAll(() => opened?.close());

  const dialog = () => page.getByRole('dialog', { name: 'Import products' });
  const table = () => page.getByRole('table', { name: 'Products' });
  const rowTexts = async () => {
    const rows = table().getByRole('row');
    const texts: string[][] = [];
    for (let index = 0; index < (await rows.count()); index += 1) {
      texts.push(await rows.nth(index).locator('th, td').allTextContents());
    }
    return texts;
  };

  it('imports products through the dialog, and lists a bad file’s problem by its line', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalogue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Catalogue' }).waitFor();

    await page.getByRole('button', { name: 'Import products' }).click();
    await dialog()
      .getByLabel('Products file')
      .setInputFiles({
        name: 'bad.ndjson',
        mimeType: 'application/x-ndjson',
        buffer: Buffer.from('{"product_id":"FLX-9","name":"Florbix rug"}\n{oops\n'),
      });
    expect(await dialog().getByLabel('Format').inputValue()).toBe('jsonl');
    await dialog().getByRole('button', { name: 'Import' }).click();
    const problem = dialog().getByRole('list', { name: 'Problems in the file' }).getByRole('listitem');
    await problem.first().waitFor();
    expect(await problem.first().textContent()).toMatch(/^Line 2: is not valid JSON/);

    await dialog()
      .getByLabel('Products file')
      .setInputFiles({ name: 'florbix.csv', mimeType: 'text/csv', buffer: Buffer.from(CATALOGUE) });
    expect(await dialog().getByLabel('Format').inputValue()).toBe('csv');
    await dialog().getByRole('button', { name: 'Import' }).click();
    const complete = dialog().getByRole('region', { name: 'Import Complete' });
    await complete.waitFor();
    expect(await complete.getByRole('paragraph').textContent()).toBe('4 products imported (4 new, 0 updated)');
    await dialog().getByRole('button', { name: 'Close' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('ranks a search as the API does, with scores and the grades of a chosen golden set', async () => {
    await page.getByRole('searchbox', { name: 'Search products' }).fill('florbix ottoman');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/catalogue\?search=florbix\+ottoman&page=1$/);
    await table().getByRole('columnheader', { name: 'Score' }).waitFor();

    const answer = await backend(`catalogue/products/?search=${encodeURIComponent('florbix ottoman')}&golden_set_id=${goldenSetId}`);
    const { count, results } = (await answer.json()) as {
      count: number;
      results: Array<{ product_id: string; name: string; score: number; grade: number | null }>;
    };
    expect(results.map((product) => product.product_id).sort()).toEqual(['FLX-1', 'FLX-2', 'FLX-3']);
    await page.getByText(`${count} products`).waitFor();
    expect(await rowTexts()).toEqual([
      ['Rank', 'Product ID', 'Image', 'Name', 'Score'],
      ...results.map((product, index) => [String(index + 1), product.product_id, '', product.name, product.score.toFixed(3)]),
    ]);

    await page.getByRole('combobox', { name: 'Golden set' }).selectOption({ label: 'Florbix grades' });
    await page.waitForURL(new RegExp(`/catalogue\\?search=florbix\\+ottoman&golden_set=${goldenSetId}&page=1$`));
    await table().getByRole('columnheader', { name: 'Grade' }).waitFor();
    const graded = await rowTexts();
    expect(graded[0]).toEqual(['Rank', 'Product ID', 'Image', 'Name', 'Score', 'Grade']);
    expect(Object.fromEntries(graded.slice(1).map((cells) => [cells[1], cells[5]]))).toEqual({
      'FLX-1': '3',
      'FLX-2': '0',
      'FLX-3': 'unjudged',
    });
    expect(graded.slice(1).map((cells) => cells[1])).toEqual(results.map((product) => product.product_id));

    // The thumbnail is the product's picture, loaded.
    const thumbnail = table().getByRole('row').filter({ hasText: 'FLX-1' }).locator('img');
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('opens a product’s details, and Back returns to the graded search', async () => {
    await table().getByRole('link', { name: 'FLX-1' }).click();
    await page.waitForURL(/\/catalogue\/products\/FLX-1$/);
    await page.getByRole('heading', { level: 1, name: 'Florbix velvet ottoman' }).waitFor();
    const details = page.getByRole('region', { name: 'Product details' });
    const terms = await details.getByRole('term').allTextContents();
    const definitions = await details.getByRole('definition').allTextContents();
    expect(Object.fromEntries(terms.map((term, index) => [term, definitions[index]]))).toMatchObject({
      'Product ID': 'FLX-1',
      Name: 'Florbix velvet ottoman',
      Description: 'A florbix ottoman in velvet',
      Image: '/demo-images/FLX-1.svg',
      Attributes: '{\n  "color": "green"\n}',
    });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(new RegExp(`/catalogue\\?search=florbix\\+ottoman&golden_set=${goldenSetId}&page=1$`));
    await table().getByRole('columnheader', { name: 'Grade' }).waitFor();
    expect(problems).toEqual([]);
  });
});
