import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { seriousAccessibilityViolations, serviceClient } from './console-session';

// The dashboard's "Get started" checklist on an empty server (no demo data): the first step unticked, ticked
// once the user's entries are in a dataset, and gone in this browser once dismissed.

describe('the Get started checklist in Chromium', () => {
  let opened: OpenConsole | undefined;
  let page: Page;

  beforeAll(async () => {
    opened = await openConsole({ env: { DEMO_DATA: 'false' } });
    ({ page } = opened);
  });
  afterAll(() => opened?.close());

  const checklist = () => page.getByRole('list', { name: 'Get started' });
  const stepNames = () =>
    checklist()
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));

  it('shows every step unticked on an empty server, accessibly', async () => {
    await page.goto(`${opened!.server.url}/`);
    await checklist().waitFor();
    expect(await stepNames()).toEqual([
      'Add test queries, to do',
      'Import a catalogue, to do',
      'Upload a golden set, to do',
      'Create an experiment, to do',
      'Run it, to do',
      'Compare two runs, to do',
      'Judge a result, to do',
    ]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('ticks the first step once entries are in a dataset', async () => {
    const api = serviceClient(opened!.server.url, opened!.token);
    const entry = await api<{ id: number }>('POST', 'dataset-entries/', { input: 'red velvet sofa' });
    const dataset = await api<{ id: number }>('POST', 'datasets/', { name: 'Sofas', description: 'Sofa queries' });
    expect([entry.status, dataset.status]).toEqual([201, 201]);
    const mapped = await api('POST', 'dataset-entry-mappings/', [{ dataset_id: dataset.data.id, dataset_entry_id: entry.data.id }]);
    expect(mapped.status).toBe(201);
    await page.reload();
    await checklist().getByRole('link', { name: 'Add test queries, done' }).waitFor();
    expect((await stepNames()).filter((name) => name?.endsWith(', done'))).toEqual(['Add test queries, done']);
    await page.getByRole('heading', { name: 'Get started (1 of 7 done)' }).waitFor();
  });

  it('follows a step to where it is done, and stays hidden in this browser once dismissed', async () => {
    await checklist().getByRole('link', { name: 'Upload a golden set, to do' }).click();
    await page.waitForURL(/\/golden-sets$/);
    await page.goBack();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await checklist().waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('list', { name: 'Counts' }).waitFor();
    expect(await checklist().count()).toBe(0);
    expect(opened!.problems).toEqual([]);
  });
});
