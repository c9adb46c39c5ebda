import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { followInAppLink } from './console-session';
import { openConsole, type OpenConsole } from './open-console';
import type { RunningServer } from './server-process';

// At 1024 px no screen scrolls sideways; a wide table scrolls inside its own card,
// so its last column (Delete / Details / Actions) stays reachable. One server for the whole file (each block
// opens its own browser at its size): the blocks run in order, and only the last two change its data.

let shared: OpenConsole | undefined;
beforeAll(async () => {
  shared = await openConsole({ context: { viewport: { width: 1024, height: 768 } } });
});
afterAll(() => shared?.close());

// Every console route, with ids the demo data has.
const routes = [
  '/',
  '/datasets',
  '/datasets/1/edit',
  '/dataset-entries',
  '/dataset-entries/1/edit',
  '/golden-sets',
  '/evaluations',
  '/evaluations/new',
  '/test-case/1',
  '/experiments',
  '/evaluation-scripts',
  '/evaluation-scripts/1',
  '/evaluation-scripts/1/experiments',
  '/experiment-runs/1',
  '/experiment-run-results/1',
  '/experiment-run-result-details/1',
  '/no-such-page',
];

describe('the console at 1024 × 768', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;

  beforeAll(() => {
    opened = shared!;
    ({ server, page } = opened);
  });

  let loaded = false;
  /**
   * Opens a route and waits until its screen has settled (its heading shown, nothing loading). The first loads
   * the console; the others are reached as a link reaches them, without a reload and its sign-in again.
   */
  const open = async (route: string) => {
    if (loaded) await followInAppLink(page, route);
    else await page.goto(`${server.url}${route}`);
    loaded = true;
    expect(new URL(page.url()).pathname).toBe(route);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="status"]')?.textContent?.startsWith('Loading'));
    await page.waitForLoadState('networkidle');
  };
  const sidewaysOverflow = () =>
    page.evaluate(() => {
      const root = document.scrollingElement!;
      return root.scrollWidth - root.clientWidth;
    });

  it.each(routes)('%s does not scroll sideways', async (route) => {
    await open(route);
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
  });

  it.each([
    ['/golden-sets', 'Golden Sets', 'Delete'],
    ['/experiments', 'Experiments', 'Details'],
    ['/experiment-run-results/1', 'Results of run 1', 'Details'],
  ])('%s: the last column’s buttons are reached by scrolling the table’s card', async (route, tableName, button) => {
    await open(route);
    const table = page.getByRole('table', { name: tableName });
    await table.waitFor();
    const last = table.getByRole('row').nth(1).getByRole('cell').last();
    const action = last.getByRole('button', { name: new RegExp(button) }).or(last.getByRole('link', { name: new RegExp(button) }));
    await action.first().scrollIntoViewIfNeeded();
    const box = (await action.first().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    // The card, not the page, is what scrolls.
    const cardScrolls = await table.evaluate((element) => {
      const card = element.parentElement!;
      return getComputedStyle(card).overflowX === 'auto' && card.scrollWidth >= card.clientWidth;
    });
    expect(cardScrolls).toBe(true);
  });
});

// Real data widths: a 120-character experiment name and a run with ten tags. Without scrolling anything
// sideways, every column heading and each row's way forward sits inside the table's visible card.
const LONG_NAME = `Built-in search with synonyms, stemming and the spring catalogue refresh for the WANDS US golden set ${'x'.repeat(20)}`;
const TEN_TAGS = [
  'baseline',
  'synonyms-v2',
  'stemming',
  'spring-refresh',
  'nightly',
  'candidate',
  'boost-title',
  'no-rerank',
  'k10',
  'gain-exp',
];
const RUNNABLE = 'Built-in search · WANDS US golden set';

/** The runnable experiment, named LONG_NAME, with a run tagged TEN_TAGS: made once, for both sizes. */
let seeded: Promise<{ experimentId: number; runId: number; runNumber: number }> | undefined;
async function seedLongData(server: RunningServer, token: string) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/api/backend/${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const experiments = await call<Array<{ id: number; name: string }>>('GET', 'experiments/?page=1&page_size=100');
  const experimentId = experiments.find((experiment) => experiment.name === RUNNABLE)!.id;
  await call('PATCH', `experiments/${experimentId}`, { name: LONG_NAME });
  const run = await call<{ id: number; number: number }>('POST', `experiments/${experimentId}/runs`, { tags: TEN_TAGS });
  return { experimentId, runId: run.id, runNumber: run.number };
}

describe.each([
  [1440, 900],
  [1024, 768],
])('tables at %i × %i with real data widths', (width, height) => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let experimentId = 0;
  let runId = 0;
  let runNumber = 0;

  beforeAll(async () => {
    opened = await openConsole({ server: shared!.server, context: { viewport: { width, height } } });
    ({ server, page } = opened);
    seeded ??= seedLongData(server, opened.token);
    ({ experimentId, runId, runNumber } = await seeded);
  });

  afterAll(() => opened?.close());

  /** Fails naming what sticks out when a box is not inside the table's card as the card shows it. */
  const expectInsideCard = async (table: Locator, inside: Locator[]) => {
    const card = (await table.locator('xpath=..').boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(width);
    for (const locator of inside) {
      const box = (await locator.boundingBox())!;
      const what = (await locator.textContent())?.slice(0, 40);
      expect(box.x, `${what} starts inside the card`).toBeGreaterThanOrEqual(card.x);
      expect(box.x + box.width, `${what} ends inside the card`).toBeLessThanOrEqual(card.x + card.width + 0.5);
    }
  };
  const headings = async (table: Locator) => table.getByRole('columnheader').all();

  it('the experiments list shows every column and Details; the name links to the experiment', async () => {
    await page.goto(`${server.url}/experiments`);
    const table = page.getByRole('table', { name: 'Experiments' });
    const row = table.getByRole('row').filter({ hasText: LONG_NAME });
    await row.waitFor();
    await expectInsideCard(table, [...(await headings(table)), row.getByRole('link', { name: `Details of ${LONG_NAME}` })]);
    await row.getByRole('link', { name: LONG_NAME, exact: true }).click();
    await page.waitForURL(`**/experiment-runs/${experimentId}`);
  });

  // Fourteen columns (the target among them) beside ten tags fit neither screen's card: the runs table scrolls
  // inside its card, and the run's number and Details stay pinned to its edges, so each heading comes into the
  // card as it scrolls while the row's way forward never leaves it.
  it('the runs table keeps the run’s number and Details in its card beside ten tags; the number links to its results', async () => {
    await page.goto(`${server.url}/experiment-runs/${experimentId}`);
    const table = page.getByRole('table', { name: `Runs of experiment ${experimentId}` });
    const row = table.getByRole('row').filter({ hasText: TEN_TAGS[9] });
    await row.waitFor();
    const wayForward = [
      row.getByRole('link', { name: `Run #${runNumber}`, exact: true }),
      row.getByRole('link', { name: `Details of run #${runNumber}` }),
    ];
    const card = table.locator('xpath=..');
    const scrollable = await card.evaluate((element) => element.scrollWidth - element.clientWidth);
    for (const left of [0, scrollable / 2, scrollable]) {
      await card.evaluate((element, to) => (element.scrollLeft = to), left);
      await expectInsideCard(table, wayForward);
    }
    for (const heading of await headings(table)) {
      await heading.evaluate((element) => element.scrollIntoView({ inline: 'center', block: 'nearest' }));
      await expectInsideCard(table, [heading]);
    }
    await card.evaluate((element) => (element.scrollLeft = 0));
    await wayForward[0].click();
    await page.waitForURL(`**/experiment-run-results/${runId}`);
  });

  it('the audit trail shows every column beside a long summary; the changed experiment links to it', async () => {
    await page.goto(`${server.url}/audit`);
    const table = page.getByRole('table', { name: 'Audit trail' });
    const target = table.getByRole('link', { name: `Experiment ${experimentId}`, exact: true }).first();
    await target.waitFor();
    await expectInsideCard(table, [...(await headings(table)), target]);
    await target.click();
    await page.waitForURL(`**/experiment-runs/${experimentId}`);
  });

  it('the experiment form keeps the golden set’s select out from under the k field', async () => {
    await page.goto(`${server.url}/experiments/${experimentId}/edit`);
    const goldenSet = page.getByLabel('Golden set', { exact: true });
    const k = page.getByLabel('k (results scored)');
    await k.waitFor();
    const select = (await goldenSet.boundingBox())!;
    const field = (await k.boundingBox())!;
    const overlaps =
      select.x < field.x + field.width &&
      field.x < select.x + select.width &&
      select.y < field.y + field.height &&
      field.y < select.y + select.height;
    expect(overlaps, `select ${JSON.stringify(select)} against k ${JSON.stringify(field)}`).toBe(false);
  });

  it.each(['/experiments', '/datasets', '/golden-sets', '/dataset-entries', '/catalogue', '/experiment-runs/1'])(
    '%s: the header’s buttons sit at its right, one line each, not underlined',
    async (route) => {
      await page.goto(`${server.url}${route}`);
      const header = page.getByRole('main').getByRole('heading', { level: 1 }).first().locator('xpath=..');
      const actions = header.locator(':scope a, :scope button');
      await actions.first().waitFor();
      const headerBox = (await header.boundingBox())!;
      const boxes = await Promise.all((await actions.all()).map((action) => action.boundingBox()));
      expect(Math.max(...boxes.map((box) => box!.x + box!.width))).toBeCloseTo(headerBox.x + headerBox.width, 0);
      for (const action of await actions.all()) {
        const look = await action.evaluate((element) => {
          const text = document.createRange();
          text.selectNodeContents(element);
          const lineTops = new Set([...text.getClientRects()].map((line) => Math.round(line.top)));
          return { underline: getComputedStyle(element).textDecorationLine, lines: lineTops.size };
        });
        expect(look, (await action.textContent()) ?? '').toEqual({ underline: 'none', lines: 1 });
      }
    },
  );
});
