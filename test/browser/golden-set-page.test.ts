import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { seriousAccessibilityViolations } from './console-session';
import type { RunningServer } from './server-process';

// The golden set page in the built console against the real server and its demo data: open a set
// from the list, find a query, grade a judgement from the keyboard, add a product from the catalogue, remove
// one, and find each change in the history and in the server's judgements. At 1280 px, every row's controls
// are on screen (the query opened sits beside the list).

type GoldenSet = { id: number; name: string };
type Judgement = { product_id: string; grade: number; judged_by: string | null };

describe('the golden set page in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token = '';
  let set: GoldenSet;
  let problems: string[];

  const json = async <T>(path: string) => {
    const response = await fetch(`${server.url}/api/backend/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const judgementsOf = (query: string) => json<Judgement[]>(`golden-sets/${set.id}/judgements/?query=${encodeURIComponent(query)}`);

  beforeAll(async () => {
    opened = await openConsole({ context: { viewport: { width: 1280, height: 900 } } });
    ({ server, page, token, problems } = opened);
    const sets = await json<GoldenSet[] | { results: GoldenSet[] }>('golden-sets/?page=1&page_size=100');
    set = (Array.isArray(sets) ? sets : sets.results).find((s) => s.name === 'Golden set — United States (generated)')!;
  });

  afterAll(() => opened?.close());

  it('grades, adds and removes judgements of a query, each kept in the history', async () => {
    await page.goto(`${server.url}/golden-sets`);
    await page.getByRole('link', { name: set.name }).click();
    await page.getByRole('heading', { level: 1, name: set.name }).waitFor();

    const queries = page.getByRole('table', { name: 'Queries' });
    await page.getByRole('searchbox', { name: 'Search queries' }).fill('drawer pull');
    await page.getByRole('searchbox', { name: 'Search queries' }).press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('drawer pull');
    const query = (await queries.getByRole('button').first().innerText()).trim();
    expect(query).toContain('drawer pull');
    await queries.getByRole('button', { name: query }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('query')).toBe(query);

    const judgements = page.getByRole('table', { name: `Judgements of “${query}”` });
    const rows = judgements.locator('tbody tr');
    await rows.first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Beside the list at 1280 px, each row's Remove is within the window.
    const remove = await rows
      .first()
      .getByRole('button', { name: /^Remove / })
      .boundingBox();
    expect(remove!.x + remove!.width).toBeLessThanOrEqual(1280);

    // A grade from the keyboard: the first row, then Down to the second and 0.
    const before = await judgementsOf(query);
    const second = before[1];
    const newGrade = second.grade === 0 ? 1 : 0;
    await rows.first().focus();
    await page.keyboard.press('j');
    await page.keyboard.press(String(newGrade));
    await expect.poll(async () => (await judgementsOf(query)).find((j) => j.product_id === second.product_id)?.grade).toBe(newGrade);
    await expect
      .poll(() => judgements.getByRole('combobox', { name: `Grade of ${second.product_id}` }).inputValue())
      .toBe(String(newGrade));
    await expect.poll(() => rows.nth(1).innerText()).toContain('admin,');

    // A product from the catalogue, at the grade chosen.
    const adder = page.getByRole('group', { name: 'Add a product' });
    await adder.getByLabel('Grade to add').selectOption('2');
    await adder.getByRole('searchbox', { name: 'Search the catalogue' }).fill('lamp');
    await adder.getByRole('button', { name: 'Search' }).click();
    const found = adder.getByRole('list', { name: 'Catalogue results' }).getByRole('button');
    const add = found.filter({ hasNot: page.locator('[disabled]') }).first();
    const addName = (await add.getAttribute('aria-label'))!;
    const added = addName.match(/^Add (.+) as 2 · Good$/)![1];
    await add.click();
    await expect.poll(async () => (await judgementsOf(query)).find((j) => j.product_id === added)?.grade).toBe(2);

    // A removal with Delete on its row.
    const first = before[0];
    await judgements.locator(`tr[data-product="${first.product_id}"]`).focus();
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await judgementsOf(query)).some((j) => j.product_id === first.product_id)).toBe(false);
    await judgements.locator(`tr[data-product="${first.product_id}"]`).waitFor({ state: 'detached' });

    // The history, newest first: the removal, the addition, the grade.
    await page.reload();
    const history = page.getByRole('table', { name: 'History' }).locator('tbody tr');
    await history.first().waitFor();
    const latest = (await history.allInnerTexts()).slice(0, 3);
    expect(latest[0]).toContain(first.product_id);
    expect(latest[0]).toContain('Removed');
    expect(latest[1]).toContain(added);
    expect(latest[1]).toContain('Added as 2 · Good');
    expect(latest[2]).toContain(second.product_id);
    expect(latest.every((text) => text.includes('admin') && text.includes(query))).toBe(true);
    expect(await page.getByRole('definition').filter({ hasText: '(version 3)' }).count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
