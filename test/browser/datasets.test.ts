import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { seriousAccessibilityViolations, serviceClient } from './console-session';
import type { RunningServer } from './server-process';

// Datasets and the dataset editor end to end: the built console, the real server, real sign-in.

type Entry = { id: number; input: string };
type Dataset = { id: number; name: string };

describe('datasets and the dataset editor in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof serviceClient>;
  let problems: string[];

  beforeAll(async () => {
    opened = await openConsole({
      env: { DEMO_DATA: 'false' },
      expectedConsoleErrors: /Failed to load resource: the server responded with a status of (500|409)/,
    });
    ({ server, browser, page, problems } = opened);
    api = serviceClient(server.url, opened.token);
    for (const input of ['red velvet sofa', 'blue corner sofa', 'grey sofa bed', 'oak dining table', 'floor lamp', 'Red rug']) {
      expect((await api('POST', 'dataset-entries/', { input })).status).toBe(201);
    }
  });

  afterAll(() => opened?.close());

  const panel = (title: string) => page.locator('section', { has: page.getByRole('heading', { name: new RegExp(`^${title}`) }) });
  const options = (title: string) => panel(title).getByRole('option');
  const inputsOf = async (title: string) => (await options(title).allTextContents()).sort();
  const serverMembership = async (datasetId: number) => {
    const included = await api<Entry[]>('GET', `dataset-entries/?in_dataset=${datasetId}&page_size=1000`);
    const available = await api<Entry[]>('GET', `dataset-entries/?not_in_dataset=${datasetId}&page_size=1000`);
    return { included: included.data.map((e) => e.input).sort(), available: available.data.map((e) => e.input).sort() };
  };
  const expectNoSeriousViolations = async () => expect(await seriousAccessibilityViolations(page)).toEqual([]);

  it('has no serious accessibility violation on /login', async () => {
    const visitor = await browser.newContext();
    const login = await visitor.newPage();
    await login.goto(`${server.url}/login`);
    await login.getByRole('button', { name: 'Log In' }).waitFor();
    expect(await seriousAccessibilityViolations(login)).toEqual([]);
    await visitor.close();
  });

  it('shows the Dashboard with exact counts and both charts, accessibly', async () => {
    await page.goto(`${server.url}/`);
    const cards = page.getByRole('list', { name: 'Counts' });
    await cards.getByRole('link', { name: /Dataset Entries/ }).waitFor();
    expect(await cards.getByRole('link').allTextContents()).toEqual(['Datasets0', 'Dataset Entries6', 'Golden Sets0', 'Evaluations0']);
    await page.getByRole('img', { name: 'Monthly Activity' }).waitFor();
    await page.getByRole('img', { name: 'Dataset Distribution' }).waitFor();
    // Monthly Activity's bars: six months of four series, drawn even where a count is 0.
    expect(await page.getByRole('img', { name: 'Monthly Activity' }).locator('rect').count()).toBe(24);
    await expectNoSeriousViolations();
  });

  let datasetId = 0;

  it('creates a dataset from the list and lands in its editor', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await page.getByText('No datasets yet.').waitFor();
    await page.getByRole('button', { name: 'Add Dataset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Dataset' });
    const create = dialog.getByRole('button', { name: 'Create Dataset' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Name*').fill('  Sofas UK ');
    await dialog.getByLabel('Description').fill('Sofa queries');
    await expectNoSeriousViolations();
    await create.click();
    await page.waitForURL(/\/datasets\/\d+\/edit$/);
    datasetId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.getByRole('heading', { level: 1, name: 'Sofas UK' }).waitFor();
    await panel('Available Entries').getByRole('heading', { name: 'Available Entries (6)' }).waitFor();
    expect(await panel('Included Entries').getByText('No entries included').isVisible()).toBe(true);
    await expectNoSeriousViolations();
  });

  it('moves entries both ways with the filters, and a reload shows the same membership', async () => {
    await page.getByPlaceholder('Filter available entries...').fill('SOFA');
    expect(await inputsOf('Available Entries')).toEqual(['blue corner sofa', 'grey sofa bed', 'red velvet sofa']);
    await options('Available Entries').filter({ hasText: 'red velvet sofa' }).click();
    await options('Available Entries').filter({ hasText: 'grey sofa bed' }).click();
    await page.getByRole('button', { name: 'Add Selected (2)' }).click();
    await panel('Included Entries').getByRole('heading', { name: 'Included Entries (2)' }).waitFor();
    expect(await inputsOf('Available Entries')).toEqual(['blue corner sofa']);
    await page.getByPlaceholder('Filter included entries...').fill('grey');
    await options('Included Entries').filter({ hasText: 'grey sofa bed' }).click();
    await page.getByRole('button', { name: 'Remove Selected (1)' }).click();
    // The count follows the filter: none of the one included entry matches 'grey' any more.
    await panel('Included Entries').getByRole('heading', { name: 'Included Entries (0 of 1)' }).waitFor();
    await page.getByPlaceholder('Filter included entries...').fill('');
    await page.getByPlaceholder('Filter available entries...').fill('nothing like this');
    await panel('Available Entries').getByText('No matching entries').waitFor();
    // Every call has answered: the server holds what the screen shows.
    await page.waitForLoadState('networkidle');
    expect(await serverMembership(datasetId)).toEqual({
      included: ['red velvet sofa'],
      available: ['Red rug', 'blue corner sofa', 'floor lamp', 'grey sofa bed', 'oak dining table'],
    });
    await page.reload();
    await panel('Included Entries').getByRole('heading', { name: 'Included Entries (1)' }).waitFor();
    await panel('Available Entries').getByRole('heading', { name: 'Available Entries (5)' }).waitFor();
    await options('Available Entries').first().waitFor();
    expect(await inputsOf('Included Entries')).toEqual(['red velvet sofa']);
    expect(await inputsOf('Available Entries')).toEqual(['Red rug', 'blue corner sofa', 'floor lamp', 'grey sofa bed', 'oak dining table']);
  });

  it('ends equal to the server when the mapping call of a move fails', async () => {
    await page.route('**/api/service/dataset-entry-mappings/', async (route) => {
      if (route.request().method() === 'POST')
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"error":"Internal Server Error","message":"Injected failure"}',
        });
      else await route.continue();
    });
    for (const input of ['Red rug', 'floor lamp', 'oak dining table']) {
      await options('Available Entries').filter({ hasText: input }).click();
    }
    await page.getByRole('button', { name: 'Add Selected (3)' }).click();
    await page.getByRole('alert').filter({ hasText: 'Could not add 3 entries: Injected failure' }).waitFor();
    await page.unroute('**/api/service/dataset-entry-mappings/');
    await page.waitForLoadState('networkidle');
    const truth = await serverMembership(datasetId);
    expect(truth.included).toHaveLength(1); // the one array call was refused whole
    await panel('Included Entries')
      .getByRole('heading', { name: `Included Entries (${truth.included.length})` })
      .waitFor();
    expect(await inputsOf('Included Entries')).toEqual(truth.included);
    expect(await inputsOf('Available Entries')).toEqual(truth.available);
  });

  it('deletes the dataset from the list after confirming', async () => {
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('link', { name: 'Sofas UK', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete Sofas UK' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Dataset' });
    await dialog.getByText('Are you sure you want to delete the dataset "Sofas UK"?').waitFor();
    await expectNoSeriousViolations();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No datasets yet.').waitFor();
    expect((await api('GET', `datasets/${datasetId}`)).status).toBe(404);
  });

  it('pages over 45 datasets with the page in the address, Back and reload included', async () => {
    for (let n = 1; n <= 45; n += 1) {
      expect(
        (await api<Dataset>('POST', 'datasets/', { name: `Set ${String(n).padStart(2, '0')}`, description: `Dataset number ${n}` })).status,
      ).toBe(201);
    }
    await page.reload();
    const rows = page.getByRole('row');
    await page.getByRole('link', { name: 'Set 45', exact: true }).waitFor();
    expect(await rows.count()).toBe(21);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('link', { name: 'Set 25', exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('?page=2');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('link', { name: 'Set 05', exact: true }).waitFor();
    expect(await rows.count()).toBe(6);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.goBack();
    await page.getByRole('link', { name: 'Set 25', exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('?page=2');
    await page.reload();
    await page.getByRole('link', { name: 'Set 25', exact: true }).waitFor();
    expect(await page.getByText('Page 2 of 3', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('45 datasets', { exact: true }).isVisible()).toBe(true);
    await expectNoSeriousViolations();
  });

  it('searches datasets by name, shows their entry counts, and keeps the search in the address', async () => {
    const sets = await api<Dataset[]>('GET', 'datasets/?search=Set%2012');
    const entries = await api<Entry[]>('GET', 'dataset-entries/?search=sofa');
    const mappings = entries.data.map((entry) => ({ dataset_id: sets.data[0].id, dataset_entry_id: entry.id }));
    expect((await api('POST', 'dataset-entry-mappings/', mappings)).status).toBe(201);
    await page.goto(`${server.url}/datasets`);
    await page.getByRole('link', { name: 'Set 45', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search datasets' }).fill('set 1');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Set 19', exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('?search=set+1&page=1');
    const rows = page.getByRole('row');
    expect(await rows.count()).toBe(11);
    const set12 = page.getByRole('row', { name: /^Set 12 / });
    expect(await set12.getByRole('cell').nth(2).textContent()).toBe('3');
    expect(
      await page
        .getByRole('row', { name: /^Set 13 / })
        .getByRole('cell')
        .nth(2)
        .textContent(),
    ).toBe('0');
    await page.reload();
    await page.getByRole('link', { name: 'Set 19', exact: true }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search datasets' }).inputValue()).toBe('set 1');
    await page.goBack();
    await page.getByRole('link', { name: 'Set 45', exact: true }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search datasets' }).inputValue()).toBe('');
    await page.goForward();
    await page.getByRole('link', { name: 'Set 19', exact: true }).waitFor();
    await expectNoSeriousViolations();
    await page.goto(`${server.url}/datasets?page=2`);
    await page.getByRole('link', { name: 'Set 25', exact: true }).waitFor();
  });

  it('names the dataset and its experiment when a delete is refused, and offers only Cancel', async () => {
    const message = 'Dataset "Set 25" cannot be deleted: the experiment "BM25 baseline" uses it.';
    await page.route('**/api/service/datasets/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'Conflict', message }) })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Delete Set 25' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Dataset' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Cancel']);
    await expectNoSeriousViolations();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.count()).toBe(0);
    await page.unroute('**/api/service/datasets/*');
  });

  it('says "Dataset not found" for /datasets/abc/edit, asking the service nothing', async () => {
    const serviceCalls: string[] = [];
    const record = (request: Request) => {
      if (request.url().includes('/api/service/')) serviceCalls.push(request.url());
    };
    page.on('request', record);
    await page.goto(`${server.url}/datasets/abc/edit`);
    await page.getByRole('status').filter({ hasText: 'Dataset not found' }).waitFor();
    page.off('request', record);
    expect(serviceCalls).toEqual([]);
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/datasets');
  });

  it('saw no page errors or unexpected console errors', () => {
    expect(problems).toEqual([]);
  });
});
