import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { seriousAccessibilityViolations } from './console-session';
import type { RunningServer } from './server-process';

// Judging end to end, in the built console against the real server and its demo data: from a run made by
// the engine, Judge unjudged grades five products with the keyboard only, the grades land in the run's
// golden set, Rescore makes a new run from the stored rankings, and its queue is five shorter; grading a query
// nobody judged raises the coverage line on the runs page.
const RUNNABLE = 'Built-in search · WANDS US golden set';

type Experiment = { id: number; name: string; dataset_id: number };
type Coverage = { queries: number; judged: number; not_judged: string[] };
type Run = {
  id: number;
  status: string;
  config: { golden_set_id: number } | null;
  golden_set_changed?: boolean;
  rescore_of?: number | null;
};

describe('judging in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token = '';
  let run: Run;
  let experiment: Experiment;
  let problems: string[];

  const backend = async (path: string, method = 'GET') => {
    const response = await fetch(`${server.url}/api/backend/${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const json = async <T>(path: string) => (await (await backend(path)).json()) as T;
  const unjudgedTotal = async (runId: number) =>
    Number((await backend(`experiment-runs/${runId}/unjudged/?page_size=1`)).headers.get('x-total-count'));
  /** The queue's counter as the console words it, counts with thousands separators. */
  const counter = (judged: number, skipped: number, left: number) =>
    `judged ${judged.toLocaleString('en-US')} · skipped ${skipped.toLocaleString('en-US')} · left ${left.toLocaleString('en-US')}`;
  /** The queue's counter without the ratings still missing (which the first check reads in full). */
  const progress = async () => (await page.getByLabel('Progress').innerText()).replace(/ · [\d,]+ ratings? missing$/, '');
  /** Presses a key on whatever has the focus, as a keyboard user would. */
  const press = (key: string) => page.keyboard.press(key);

  beforeAll(async () => {
    opened = await openConsole({ context: { viewport: { width: 1280, height: 900 } } });
    ({ server, page, token, problems } = opened);
    const experiments = await json<Experiment[]>('experiments/?page=1&page_size=100');
    experiment = experiments.find((e) => e.name === RUNNABLE)!;
    const runs = await json<Run[]>(`experiment-runs/by_experiment/${experiment.id}`);
    run = await json<Run>(`experiment-runs/${runs.find((r) => r.status === 'success')!.id}`);
  });

  afterAll(() => opened?.close());

  it('judges five unjudged products with the keyboard only, into the run’s golden set', async () => {
    const before = await unjudgedTotal(run.id);
    expect(before).toBeGreaterThan(5);
    const goldenSet = `golden-sets/${run.config!.golden_set_id}`;
    const versionBefore = (await json<{ version: number }>(goldenSet)).version;

    await page.goto(`${server.url}/experiment-run-results/${run.id}`);
    const judge = page.getByRole('link', { name: 'Judge unjudged' });
    await judge.focus();
    await press('Enter');
    await page.waitForURL(new RegExp(`/experiment-run-results/${run.id}/judge`));
    const card = page.getByRole('region', { name: 'Grade this product' });
    await card.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Grade this product');
    // Every pair left wants one rating: as many ratings are missing.
    expect(await page.getByLabel('Progress').innerText()).toBe(
      `${counter(0, 0, before)} · ${before.toLocaleString('en-US')} ratings missing`,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    for (let n = 1; n <= 5; n++) {
      const product = await card.innerText();
      await press(String(n % 4));
      // The next product takes the card and the focus.
      await expect.poll(() => card.innerText()).not.toBe(product);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Grade this product');
      // Each grade counts at once, and what is left drops with it.
      expect(await progress()).toBe(counter(n, 0, before - n));
    }
    // A skip counts as skipped, and leaves the pair unjudged.
    const product = await card.innerText();
    await press('s');
    await expect.poll(() => card.innerText()).not.toBe(product);
    expect(await progress()).toBe(counter(5, 1, before - 5));
    await expect.poll(async () => (await json<{ version: number }>(goldenSet)).version).toBe(versionBefore + 5);
    await expect.poll(() => unjudgedTotal(run.id)).toBe(before - 5);
  });

  it('rescores the run: a new run from the stored rankings whose queue is five shorter', async () => {
    const before = await unjudgedTotal(run.id);
    await page.goto(`${server.url}/experiment-run-results/${run.id}`);
    await page.getByText('The golden set has changed since this run was scored.').waitFor();
    await page.getByRole('button', { name: 'Rescore', exact: true }).focus();
    await press('Enter');
    // The choice opens on all raters and the set's rule: the run's own judges.
    await page.getByRole('button', { name: 'Rescore now' }).focus();
    await press('Enter');
    await page.waitForURL((url) => /\/experiment-run-results\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${run.id}`));
    const rescoreId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(async () => (await json<Run>(`experiment-runs/${rescoreId}`)).status, { timeout: 30_000 }).toBe('success');
    expect(await json<Run>(`experiment-runs/${rescoreId}`)).toMatchObject({ rescore_of: run.id, golden_set_changed: false });
    await page.reload();
    await page.getByRole('link', { name: `Rescore of run ${run.id}` }).waitFor();
    await page.getByRole('link', { name: 'Judge unjudged' }).click();
    await expect.poll(progress).toBe(counter(0, 0, before));
    expect(problems).toEqual([]);
  });

  it('judging a query nobody judged raises the coverage line on the runs page', async () => {
    const goldenSet = `golden-sets/${run.config!.golden_set_id}`;
    const coverageOf = () => json<Coverage>(`${goldenSet}/coverage?dataset_id=${experiment.dataset_id}`);
    // The demo set judges every query of the dataset: one query's judgements go, so nobody judged it.
    const results = await json<Array<{ result: { input: string } }>>(`experiment-runs/${run.id}/results?page_size=100`);
    const query = results.at(-1)!.result.input;
    for (const { product_id } of await json<Array<{ product_id: string }>>(`${goldenSet}/judgements/?query=${encodeURIComponent(query)}`)) {
      await backend(`${goldenSet}/judgements/?query=${encodeURIComponent(query)}&product_id=${encodeURIComponent(product_id)}`, 'DELETE');
    }
    const before = await coverageOf();
    expect(before.not_judged).toContain(query);
    // The queue offers the queries the set judges unless asked for everything.
    const queue: Array<{ query: string }> = [];
    const everything = Number((await backend(`experiment-runs/${run.id}/unjudged/?scope=all&page_size=1`)).headers.get('x-total-count'));
    for (let n = 1; queue.length < everything; n++) {
      queue.push(...(await json<Array<{ query: string }>>(`experiment-runs/${run.id}/unjudged/?scope=all&page=${n}&page_size=100`)));
    }
    const at = queue.findIndex((item) => item.query === query);
    expect(at).toBeGreaterThanOrEqual(0);

    const runsPage = `${server.url}/experiment-runs/${experiment.id}`;
    const line = page.getByText(/ of [\d,]+ queries have relevant judgements/);
    await page.goto(runsPage);
    expect(await line.innerText()).toBe(`${before.judged} of ${before.queries} queries have relevant judgements; 1 will not be scored.`);

    await page.goto(`${server.url}/experiment-run-results/${run.id}/judge?scope=all&at=${at}`);
    const card = page.getByRole('region', { name: 'Grade this product' });
    await expect.poll(() => card.innerText()).toContain(query);
    await card.focus();
    await press('3');
    // The set never judged the query: the grade waits until adding the query is confirmed.
    await page.getByRole('button', { name: /^Add the query and grade/ }).click();
    await expect.poll(async () => (await coverageOf()).judged).toBe(before.judged + 1);

    await page.goto(runsPage);
    await expect.poll(() => line.innerText()).toBe(`${before.queries} of ${before.queries} queries have relevant judgements.`);
    expect(problems).toEqual([]);
  });
});
