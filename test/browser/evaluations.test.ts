import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatOverlap } from '../../src/domain/compare/compare-format';
import { openConsole, type OpenConsole } from './open-console';
import { seriousAccessibilityViolations } from './console-session';
import type { RunningServer } from './server-process';

// An evaluation end to end, as a new user would make one: a ranking made elsewhere (here the runnable demo
// experiment's run exported as a TREC run with its queries file, each query's ranking reversed) uploaded from
// New Evaluation, scored by the server, its means and queries shown, the worst query's test case in the spec's
// colours, and the evaluation compared with the run it came from. Colours are read from computed styles: the
// theme's success, warning and danger tokens.
const RUNNABLE = 'Built-in search · WANDS US golden set';
const NAME = 'Reversed built-in search';

const colour = { green: 'rgb(26, 127, 55)', yellow: 'rgb(154, 103, 0)', red: 'rgb(180, 35, 24)' };
const labelColour: Record<string, string> = { Common: colour.green, Leftover: colour.yellow, Missing: colour.red };

type Run = { id: number; number: number; status: string; config: { golden_set_id: number; k: number } };
type Summary = { counted: number; mean_metrics: Record<string, number> };
type Evaluation = { id: number; run_id: number; status: string; summary?: Summary };
type Result = { id: number; result: { input: string; results?: { metrics?: Record<string, number> } } };

/** Each query's ranking reversed: the same products, so the golden set judges both, in the opposite order. */
function reversedRun(trec: string): string {
  const byQuery = new Map<string, string[]>();
  for (const line of trec.trim().split('\n')) {
    const [qid, , docid] = line.split(/\s+/);
    byQuery.set(qid, [...(byQuery.get(qid) ?? []), docid]);
  }
  return [...byQuery]
    .flatMap(([qid, ids]) => ids.reverse().map((id, index) => `${qid} Q0 ${id} ${index + 1} ${ids.length - index} reversed`))
    .join('\n');
}

describe('an evaluation in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token = '';
  let problems: string[];
  let folder = '';
  let run: Run;
  let goldenSetName = '';
  let evaluation: Evaluation;

  const call = async (path: string) => {
    const response = await fetch(`${server.url}/api/backend/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const json = async <T>(path: string) => (await (await call(path)).json()) as T;
  const borderOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).borderTopColor);
  const colourOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);

  beforeAll(async () => {
    opened = await openConsole({ context: { viewport: { width: 1400, height: 1000 } } });
    ({ server, page, token, problems } = opened);
    const experiments = await json<Array<{ id: number; name: string }>>('experiments/?page=1&page_size=100');
    const experiment = experiments.find((one) => one.name === RUNNABLE)!;
    const runs = await json<Run[]>(`experiment-runs/by_experiment/${experiment.id}`);
    run = await json<Run>(`experiment-runs/${runs.find((one) => one.status === 'success')!.id}`);
    goldenSetName = (await json<{ name: string }>(`golden-sets/${run.config.golden_set_id}`)).name;
    folder = await mkdtemp(join(tmpdir(), 'evaluation-upload-'));
    await writeFile(join(folder, 'reranked.trec'), reversedRun(await (await call(`experiment-runs/${run.id}/results.trec`)).text()));
    await writeFile(join(folder, 'queries.tsv'), await (await call(`experiment-runs/${run.id}/results.queries.tsv`)).text());
  });

  afterAll(async () => {
    await opened?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('uploads a TREC run with its queries file from New Evaluation and shows its means once scored', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Evaluations', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Evaluations' }).waitFor();
    await page.getByRole('link', { name: 'New Evaluation' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Evaluation' }).waitFor();

    await page.getByLabel('Name').fill(NAME);
    await page.getByLabel('Golden set').selectOption({ label: goldenSetName });
    await page.getByLabel('k (results scored)').fill(String(run.config.k));
    await page.getByLabel('File', { exact: true }).setInputFiles(join(folder, 'reranked.trec'));
    await page.getByLabel('Queries file (optional)').setInputFiles(join(folder, 'queries.tsv'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create Evaluation' }).click();

    await page.waitForURL(/\/evaluations\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    // The page follows the scoring, then shows the queries.
    await page.getByRole('table', { name: 'Queries' }).waitFor({ timeout: 30_000 });
    evaluation = await json<Evaluation>(`evaluations/${id}`);
    expect(evaluation.status).toBe('success');

    // Its means, as the server computed them, over the queries they count.
    const { mean_metrics, counted } = evaluation.summary!;
    const runSummary = (await json<{ summary: Summary }>(`experiment-runs/${run.id}`)).summary;
    expect(counted).toBe(runSummary.counted);
    const ndcgName = `ndcg@${run.config.k}`;
    const shown = page
      .locator('dl[aria-label="Mean metrics"]')
      .getByText(`nDCG@${run.config.k}`, { exact: true })
      .locator('xpath=following-sibling::dd[1]');
    expect(await shown.textContent()).toBe(mean_metrics[ndcgName].toFixed(4));
    await page.getByText(`Means over ${counted} queries`, { exact: false }).waitFor();
    // The reversed rankings score worse than the run's own.
    expect(mean_metrics[ndcgName]).toBeLessThan(runSummary.mean_metrics[ndcgName]);
  });

  it("opens the worst query's test case: its ranking against its references in the spec's colours", async () => {
    const ndcgName = `ndcg@${run.config.k}`;
    await page.getByLabel('Sort by').selectOption(ndcgName);
    await page.waitForURL(/sort=/);
    const worst = (await json<Result[]>(`evaluations/${evaluation.id}/results?sort=${ndcgName}&order=asc&page_size=1`))[0];
    const rows = page.getByRole('table', { name: 'Queries' }).getByRole('row');
    await expect.poll(() => rows.nth(1).getByRole('link').first().textContent()).toBe(worst.result.input);
    await rows.nth(1).getByRole('link', { name: worst.result.input }).click();

    await page.waitForURL(`${server.url}/test-case/${worst.id}`);
    await page.getByRole('heading', { level: 1, name: `Query: ${worst.result.input}` }).waitFor();
    const ndcg = worst.result.results!.metrics![ndcgName];
    expect(await page.getByText(ndcg.toFixed(3), { exact: true }).count()).toBeGreaterThan(0);
    // Below 80 %, the nDCG summary is yellow.
    const summary = page.getByTestId('ndcg-summary');
    expect(await colourOf(summary)).toBe(ndcg >= 0.8 ? colour.green : colour.yellow);

    // Every ranked product and every reference bordered in its match's colour, named in words too.
    for (const name of ['Ranking', 'References']) {
      const items = page.getByRole('list', { name }).getByRole('listitem');
      const count = await items.count();
      for (let index = 0; index < count; index += 1) {
        const label = (await items.nth(index).locator('span').last().textContent())!;
        expect(await borderOf(items.nth(index)), `${name} ${index + 1}: ${label}`).toBe(labelColour[label]);
      }
    }
    expect(await page.getByRole('list', { name: 'References' }).getByRole('listitem').count()).toBeGreaterThan(0);
  });

  it('compares the evaluation with the run it came from, query by query', async () => {
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: NAME }).click();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await page.getByRole('button', { name: 'Compare with…' }).click();
    await page
      .getByRole('list', { name: 'Comparable runs' })
      .getByRole('button', { name: new RegExp(`Run #${run.number} · ${RUNNABLE}`) })
      .click();

    // The run is older: it is the baseline, the evaluation the candidate.
    await page.waitForURL(/\/compare\?/);
    const address = new URL(page.url()).searchParams;
    expect([address.get('baseline'), address.get('candidate')]).toEqual([String(run.id), String(evaluation.run_id)]);
    await page.getByRole('heading', { name: 'Compare runs' }).waitFor();
    type Overlap = { overlap: number; jaccard: number; rbo_min: number; rbo_ext: number };
    const expected = await json<{
      paired: number;
      metrics: Array<{ name: string; delta: number }>;
      overlap: { pairs: number; means: Overlap };
    }>(`run-comparisons/?baseline=${run.id}&candidate=${evaluation.run_id}&page_size=5`);
    await page.getByText(`Over ${expected.paired} paired queries`).waitFor();
    expect(await page.getByText(`Evaluation · ${NAME}`).count()).toBeGreaterThan(0);
    // Reversing the rankings made the candidate worse on nDCG.
    expect(expected.metrics[0].delta).toBeLessThan(0);

    // Without judgements: the same products in each query's top k (overlap and Jaccard 1), in another order (RBO below 1).
    const { means } = expected.overlap;
    expect([means.overlap, means.jaccard]).toEqual([1, 1]);
    expect(means.rbo_ext).toBeLessThan(1);
    const overlapRow = page.getByRole('table', { name: 'Ranking overlap' }).getByRole('row').nth(1);
    expect(await overlapRow.getByRole('cell').allTextContents()).toEqual(
      [means.overlap, means.jaccard, means.rbo_min, means.rbo_ext].map((value) => formatOverlap(value)),
    );
  });

  it('saw no console errors on the way', () => {
    expect(problems).toEqual([]);
  });
});
