import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import type { RunningServer } from './server-process';

// After Create Dataset, the editor's 'Upload entries' puts a CSV's rows into that dataset: the dialog says where
// they go, offers to skip inputs the dataset holds already (ignoring case and spaces), and the list shows the new
// entries without a reload.

describe("the dataset editor's Upload entries in Chromium", () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;

  beforeAll(async () => {
    opened = await openConsole({ env: { DEMO_DATA: 'false' } });
    ({ server, page } = opened);
  });

  afterAll(() => opened?.close());

  const included = () => page.locator('section', { has: page.getByRole('heading', { name: /^Included Entries/ }) }).getByRole('option');
  const dialog = () => page.getByRole('dialog', { name: 'Bulk Upload' });

  async function uploadFile(name: string, text: string) {
    await page.getByRole('button', { name: 'Upload entries' }).click();
    await dialog()
      .getByLabel('CSV file')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  }

  it('creates a dataset, uploads entries into it from its editor and lists them at once', async () => {
    await page.goto(`${server.url}/datasets`);
    await page.getByRole('button', { name: 'Add Dataset' }).click();
    const create = page.getByRole('dialog', { name: 'Add New Dataset' });
    await create.getByLabel('Name*').fill('Chairs');
    await create.getByRole('button', { name: 'Create Dataset' }).click();
    await page.waitForURL(/\/datasets\/\d+\/edit$/);
    await page.getByText('No entries included').waitFor();

    await uploadFile('chairs.csv', 'input\nleather chairs\noak dining chair\n');
    expect(await dialog().getByText('Every row goes into the dataset "Chairs".').isVisible()).toBe(true);
    await dialog().getByRole('button', { name: 'Upload' }).click();
    const summary = dialog().getByRole('region', { name: 'Upload Complete' });
    await summary.waitFor();
    expect(await summary.getByText(/created$/).textContent()).toBe('2 entries · 0 datasets · 2 links created');
    expect(await summary.getByText('No input was in its dataset already.').isVisible()).toBe(true);
    await dialog().getByRole('button', { name: 'Close' }).click();

    await page.getByRole('heading', { name: 'Included Entries (2)' }).waitFor();
    expect((await included().allTextContents()).sort()).toEqual(['leather chairs', 'oak dining chair']);
  });

  it('skips, when asked, inputs the dataset holds already in another case and spacing, and says how many', async () => {
    await uploadFile('more-chairs.csv', 'input\nLeather  Chairs\nwicker chair\nWicker Chair\n');
    await dialog()
      .getByLabel(/^Skip inputs that already exist in the dataset/)
      .check();
    await dialog().getByRole('button', { name: 'Upload' }).click();
    const summary = dialog().getByRole('region', { name: 'Upload Complete' });
    await summary.waitFor();
    expect(await summary.getByText(/created$/).textContent()).toBe('1 entry · 0 datasets · 1 link created');
    expect(
      await summary
        .getByText('1 input was in their dataset already and 1 input repeated an earlier row: skipped, 2 rows not stored.')
        .isVisible(),
    ).toBe(true);
    await dialog().getByRole('button', { name: 'Close' }).click();

    await page.getByRole('heading', { name: 'Included Entries (3)' }).waitFor();
    expect((await included().allTextContents()).sort()).toEqual(['leather chairs', 'oak dining chair', 'wicker chair']);
    expect(opened!.problems).toEqual([]);
  });
});
