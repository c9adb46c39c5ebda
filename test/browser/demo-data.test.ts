import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import type { RunningServer } from './server-process';

// The demo data in the built console against the real server: its rows carry the Demo label in every list,
// the import dialog says the catalogue holds generated demo products, and an admin removes it all from the
// dashboard's Demo data panel, after which no list shows the label and the panel is gone.

describe('demo data', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token: string;
  let problems: string[];

  beforeAll(async () => {
    opened = await openConsole();
    ({ server, page, token, problems } = opened);
  });

  afterAll(() => opened?.close());

  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  const main = () => page.getByRole('main');
  const labels = () => main().getByRole('img', { name: 'Demo data' });
  /** Opens a list from the menu and waits for what it shows first: a row's name, or its empty message. */
  const openList = async (name: string, shown: string) => {
    await nav(name).click();
    await main().getByText(shown, { exact: true }).first().waitFor();
  };
  const demoState = async () =>
    (await (await fetch(`${server.url}/api/backend/demo-data`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      present: boolean;
    };

  it('labels the demo’s rows in the lists, and the import dialog says demo products are there', async () => {
    await openList('Datasets', 'Beds');
    expect(await labels().count()).toBeGreaterThan(0);
    await openList('Golden Sets', 'Golden set — Spain');
    expect(await labels().count()).toBe(4);
    await openList('Experiments', 'BM25 baseline');
    expect(await labels().count()).toBe(6);
    await openList('Evaluation Scripts', 'LLM relevance judge');
    // The built-in script is the server's, not the demo's.
    expect(await labels().count()).toBe(2);

    await nav('Catalogue').click();
    await labels().first().waitFor();
    await page.getByRole('button', { name: 'Import products' }).click();
    const note = page.getByRole('dialog', { name: 'Import products' }).getByRole('note');
    expect(await note.textContent()).toMatch(/^The catalogue also holds [\d,]+ generated demo products: an admin can remove them\.$/);
    await page.getByRole('dialog', { name: 'Import products' }).getByRole('button', { name: 'Cancel' }).click();
  });

  it('is removed by an admin from the dashboard: the panel says what went, and no list shows the label', async () => {
    await nav('Dashboard').click();
    const panel = main().getByRole('region', { name: 'Demo data', exact: true });
    await panel.waitFor();
    expect(await panel.textContent()).toContain('7 datasets');
    await panel.getByRole('button', { name: 'Remove demo data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove demo data' });
    await dialog.getByRole('button', { name: 'Remove demo data' }).click();

    const done = main().getByRole('region', { name: 'Demo data removed' });
    await done.waitFor();
    expect(await done.getByRole('status').textContent()).toMatch(
      /^Removed 7 datasets · [\d,]+ entries · 2 evaluation scripts · 6 experiments · /,
    );
    expect(await dialog.count()).toBe(0);
    expect((await demoState()).present).toBe(false);

    await openList('Datasets', 'No datasets yet.');
    await openList('Golden Sets', 'No golden sets yet.');
    await openList('Experiments', 'No experiments found.');
    await openList('Evaluation Scripts', 'Golden set relevance');
    expect(await labels().count()).toBe(0);
    await openList('Catalogue', 'No products yet.');
    await page.getByRole('button', { name: 'Import products' }).click();
    expect(await page.getByRole('dialog', { name: 'Import products' }).getByRole('note').count()).toBe(0);
    await page.getByRole('dialog', { name: 'Import products' }).getByRole('button', { name: 'Cancel' }).click();

    // A fresh look at the dashboard asks again, and offers nothing more to remove.
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/backend/demo-data');
    await nav('Dashboard').click();
    expect((await asked).status()).toBe(200);
    await main().getByRole('list', { name: 'Counts' }).waitFor();
    expect(
      await main()
        .getByRole('region', { name: /^Demo data/ })
        .count(),
    ).toBe(0);
    expect(problems).toEqual([]);
  });
});
