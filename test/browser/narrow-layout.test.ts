import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import type { RunningServer } from './server-process';

// At 1024 px no screen scrolls sideways; a wide table scrolls inside its own card,
// so its last column (Delete / Details / Actions) stays reachable.

// Every console route, with ids the demo data and the sample fixtures have.
const routes = [
  '/',
  '/datasets',
  '/datasets/1/edit',
  '/dataset-entries',
  '/dataset-entries/1/edit',
  '/golden-sets',
  '/evaluations',
  '/evaluations/8',
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

  beforeAll(async () => {
    opened = await openConsole({ context: { viewport: { width: 1024, height: 768 } } });
    ({ server, page } = opened);
  });

  afterAll(() => opened?.close());

  /** Opens a route and waits until its screen has settled (its heading shown, nothing loading). */
  const open = async (route: string) => {
    await page.goto(`${server.url}${route}`);
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
