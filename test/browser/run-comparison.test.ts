import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { seriousAccessibilityViolations } from './console-session';
import type { RunningServer } from './server-process';

// Comparing two runs end to end, in the built console against the real server and its demo data: two finished
// runs of one experiment chosen on its runs page, their comparison (summary with significance, the per-query
// deltas worst first, the histogram), a filter kept in the address, the CSV export, the worst regression opened
// side by side with both ranked lists, and "Compare with…" from a run's page. The ways back (the comparison's
// breadcrumb, a result's 'Back to Results') return to the address the person left, query and all, after a reload too.
const EXPERIMENT = 'BM25 baseline';

type Experiment = { id: number; name: string };
type Run = { id: number; number: number; status: string; created_at: string };
type Comparison = {
  paired: number;
  metrics: Array<{ name: string; baseline_mean: number; p_value_t: number | null; wins: number; ties: number; losses: number }>;
  results: Array<{ query: string; baseline_result_id: number; candidate_result_id: number; delta: number }>;
};

describe('run comparison in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token = '';
  let experiment: Experiment;
  let baseline: Run;
  let candidate: Run;
  let problems: string[];

  const backend = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${server.url}/api/backend/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    opened = await openConsole({ context: { acceptDownloads: true, viewport: { width: 1400, height: 1000 } } });
    ({ server, page, token, problems } = opened);
    const experiments = await backend<Experiment[]>('experiments/?page=1&page_size=100');
    experiment = experiments.find((e) => e.name === EXPERIMENT)!;
    const runs = await backend<Run[]>(`experiment-runs/by_experiment/${experiment.id}`);
    // Newest first: the two finished successfully are the older baseline and the newer candidate.
    [candidate, baseline] = runs.filter((run) => run.status === 'success');
  });

  afterAll(() => opened?.close());

  it('compares two runs chosen on the runs page: the summary, the worst regressions first, the histogram', async () => {
    await page.goto(`${server.url}/experiment-runs/${experiment.id}`);
    const compare = page.getByRole('button', { name: 'Compare', exact: true });
    await compare.waitFor();
    expect(await compare.isDisabled()).toBe(true);
    await page.getByLabel(`Select run #${candidate.number} to compare`).check();
    await page.getByLabel(`Select run #${baseline.number} to compare`).check();
    await compare.click();
    await page.waitForURL(new RegExp(`/compare\\?baseline=${baseline.id}&candidate=${candidate.id}(&|$)`));
    await page.getByRole('heading', { name: 'Compare runs' }).waitFor();

    const expected = await backend<Comparison>(`run-comparisons/?baseline=${baseline.id}&candidate=${candidate.id}&page_size=5`);
    await page.getByText(`Over ${expected.paired} paired queries`).waitFor();
    const summary = page.getByRole('table', { name: 'Summary' });
    const ndcg = summary.getByRole('row').filter({ hasText: 'nDCG@10' });
    const { baseline_mean, wins, ties, losses, p_value_t } = expected.metrics[0];
    await expect.poll(() => ndcg.innerText()).toContain(baseline_mean.toFixed(4));
    expect(await ndcg.innerText()).toContain(`${wins} / ${ties} / ${losses}`);
    // The demo's candidate is better by design: a significant difference is marked in words, not colour alone.
    if (p_value_t !== null && p_value_t < 0.05) expect(await ndcg.innerText()).toContain('significant');

    // Per query, worst first: the page's first rows are the API's.
    const rows = page.getByRole('table', { name: /queries by ndcg@10/i }).getByRole('row');
    await expect.poll(() => rows.nth(1).innerText()).toContain(expected.results[0].query);
    const histogram = page.getByRole('img', { name: /Histogram of the per-query nDCG@10 deltas/ });
    expect(await histogram.getAttribute('aria-label')).toMatch(/\d+ changed queries \(\d+ worse, \d+ better\)/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('keeps the filter in the address, so a reload shows the same rows, and exports them as CSV', async () => {
    await page.getByRole('combobox', { name: /^Show/ }).selectOption('regressions');
    await page.waitForURL(/filter=regressions/);
    const regressions = await backend<Comparison>(
      `run-comparisons/?baseline=${baseline.id}&candidate=${candidate.id}&filter=regressions&page_size=1000`,
    );
    await page.reload();
    const rows = page.getByRole('table', { name: /queries by ndcg@10/i }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(Math.min(20, regressions.results.length) + 1);
    expect(await rows.nth(1).innerText()).toContain(regressions.results[0].query);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // The score columns name the metric, the overlap columns their k.
    expect(lines[0]).toMatch(
      /^query,baseline_result_id,candidate_result_id,baseline_ndcg@\d+,candidate_ndcg@\d+,delta_ndcg@\d+,overlap@\d+,jaccard@\d+,rbo_min,rbo_ext$/,
    );
    // The filter's rows, every one, not one page.
    expect(lines).toHaveLength(regressions.results.length + 1);
  });

  it('opens the worst regression side by side: both ranked lists with grades and moves', async () => {
    const worst = (
      await backend<Comparison>(`run-comparisons/?baseline=${baseline.id}&candidate=${candidate.id}&filter=regressions&page_size=1`)
    ).results[0];
    await page
      .getByRole('link', { name: `Side by side: ${worst.query}` })
      .first()
      .click();
    await page.waitForURL(/\/compare\/pair\?/);
    expect(new URL(page.url()).searchParams.get('baseline_result')).toBe(String(worst.baseline_result_id));
    await page.getByRole('heading', { name: `Query: ${worst.query}` }).waitFor();
    const baselineList = page.getByRole('table', { name: new RegExp(`Baseline · Run #${baseline.number} results`) });
    const candidateList = page.getByRole('table', { name: new RegExp(`Candidate · Run #${candidate.number} results`) });
    await baselineList.waitFor();
    expect(await baselineList.getByRole('row').count()).toBeGreaterThan(1);
    expect(await candidateList.getByRole('row').count()).toBeGreaterThan(1);
    // Each product of the candidate's list shows how it moved from the baseline's.
    expect(await candidateList.innerText()).toMatch(/↑\d|↓\d|new|=/);
    expect(await page.getByRole('table', { name: 'Metrics' }).innerText()).toContain('nDCG@10');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Back to the comparison it came from.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: `Run #${baseline.number} vs Run #${candidate.number}` })
      .click();
    await page.waitForURL(new RegExp(`/compare\\?baseline=${baseline.id}&candidate=${candidate.id}`));
  });

  it("offers the runs it can be compared with from a run's page", async () => {
    await page.goto(`${server.url}/experiment-run-results/${candidate.id}`);
    await page.getByRole('button', { name: 'Compare with…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare with…' });
    await dialog
      .getByRole('list', { name: 'Comparable runs' })
      .getByRole('button', { name: new RegExp(`^Run #${baseline.number} `) })
      .click();
    await page.waitForURL(new RegExp(`/compare\\?baseline=${baseline.id}&candidate=${candidate.id}(&|$)`));
    await page.getByRole('heading', { name: 'Compare runs' }).waitFor();
    expect(problems).toEqual([]);
  });

  /** The address the page shows, without the server's origin. */
  const address = () => {
    const url = new URL(page.url());
    return `${url.pathname}${url.search}`;
  };
  const breadcrumb = () => page.getByRole('navigation', { name: 'Breadcrumb' });

  it('leads back from the comparison to the runs list it was opened from, after a reload too', async () => {
    const runsList = `/experiment-runs/${experiment.id}`;
    await page.goto(`${server.url}${runsList}`);
    await page.getByLabel(`Select run #${candidate.number} to compare`).check();
    await page.getByLabel(`Select run #${baseline.number} to compare`).check();
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await page.waitForURL(/\/compare\?/);
    await page.reload();
    const back = breadcrumb().getByRole('link', { name: EXPERIMENT });
    await back.waitFor();
    expect(await back.getAttribute('href')).toBe(runsList);
    await back.click();
    await page.waitForURL((url) => url.pathname === runsList);
    expect(address()).toBe(runsList);
  });

  it('returns to a run’s results as they were left, filter, sort and page, from a result and from the comparison', async () => {
    const passedOrFailed = await backend<unknown[]>(`experiment-runs/${candidate.id}/results?status=PASS,FAIL&page_size=100`);
    // Page 2 when the filter has one, so the page is carried as well as the filter and the sort.
    const pageNumber = passedOrFailed.length > 20 ? 2 : 1;
    await page.goto(`${server.url}/experiment-run-results/${candidate.id}?status=PASS,FAIL&sort=input&order=desc&page=${pageNumber}`);
    const table = page.getByRole('table', { name: `Results of run ${candidate.id}` });
    await table.getByRole('row').nth(1).waitFor();
    const left = address();
    expect(left).toContain('sort=input');

    // A result's details, reloaded, and Back to Results.
    await table
      .getByRole('link', { name: /^Details of result/ })
      .first()
      .click();
    await page.waitForURL(/\/experiment-run-result-details\/\d+$/);
    await page.reload();
    await page.getByRole('button', { name: 'Back to Results' }).click();
    await page.waitForURL((url) => url.pathname === `/experiment-run-results/${candidate.id}`);
    expect(address()).toBe(left);
    await table.getByRole('row').nth(1).waitFor();

    // The comparison opened from the results, reloaded, and its breadcrumb back to them.
    await page.getByRole('button', { name: 'Compare with…' }).click();
    await page
      .getByRole('dialog', { name: 'Compare with…' })
      .getByRole('list', { name: 'Comparable runs' })
      .getByRole('button', { name: new RegExp(`^Run #${baseline.number} `) })
      .click();
    await page.waitForURL(/\/compare\?/);
    await page.reload();
    const back = breadcrumb().getByRole('link', { name: `Run #${candidate.number}`, exact: true });
    await back.waitFor();
    expect(await back.getAttribute('href')).toBe(left);
    await back.click();
    await page.waitForURL((url) => url.pathname === `/experiment-run-results/${candidate.id}`);
    expect(address()).toBe(left);
    expect(problems).toEqual([]);
  });
});
