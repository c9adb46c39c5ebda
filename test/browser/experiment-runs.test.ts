import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { seriousAccessibilityViolations } from './console-session';
import type { RunningServer } from './server-process';

// Experiment runs end to end: the built console, the real server with its demo data (whose runnable
// experiment runs the built-in search against a generated golden set), real sign-in. Run experiment, the
// live progress bar until success, the run's mean metrics, and both exports saved as real downloads.
const RUNNABLE = 'Built-in search · WANDS US golden set';

// The theme's colours (src/views/ui/theme.css.ts) as Chromium computes them.
const green = 'rgb(26, 127, 55)';

type Experiment = { id: number; name: string };
type RunDetails = {
  id: number;
  number: number;
  status: string;
  progress: { done: number; total: number };
  summary: { results: number; counted: number };
};

/** The evaluation backend as the test's own client, with the signed-in user's token. */
function backendClient(baseUrl: string, token: string) {
  return async function get<T>(path: string): Promise<T> {
    const response = await fetch(`${baseUrl}/api/backend/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

describe('experiment runs in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let backend: ReturnType<typeof backendClient>;
  let experiments: Experiment[];
  let runId = 0;
  let runNumber = 0;
  let token = '';
  let problems: string[];

  beforeAll(async () => {
    opened = await openConsole({ context: { acceptDownloads: true } });
    ({ server, page, token, problems } = opened);
    backend = backendClient(server.url, token);
    experiments = await backend<Experiment[]>('experiments/?page=1&page_size=100');
  });

  afterAll(() => opened?.close());

  const colour = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);

  it('runs the experiment with a live progress bar until the run succeeds, then lists it', async () => {
    const experiment = experiments.find((candidate) => candidate.name === RUNNABLE);
    expect(experiment, `the demo data has the experiment '${RUNNABLE}'`).toBeDefined();
    const polls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/backend\/experiment-runs\/\d+$/.test(pathname)) polls.push(pathname);
    });

    await page.goto(`${server.url}/experiment-runs/${experiment!.id}`);
    const runs = page.getByRole('table', { name: `Runs of experiment ${experiment!.id}` });
    await runs.getByRole('row').nth(1).waitFor();
    const before = await runs.getByRole('row').count();
    expect(await runs.getByRole('columnheader').allTextContents()).toEqual([
      'Run',
      'Script Name',
      'Tags',
      'Target',
      'Status',
      'nDCG',
      'P',
      'R',
      'F1',
      'Passed / Failed / Not scored / Errors',
      'Total Cost',
      'Created At',
      'Updated At',
      'Actions',
    ]);

    const started = page.waitForResponse((response) => response.url().endsWith(`/api/backend/experiments/${experiment!.id}/runs`));
    await page.getByRole('button', { name: 'Run experiment' }).click();
    const answer = await started;
    expect(answer.status()).toBe(202);
    const run = (await answer.json()) as RunDetails;
    runId = run.id;
    runNumber = run.number;
    expect(run.status).toBe('pending');

    // The live bar: a real <progress> named after the run, its text counting entries of the run's total.
    const bar = page.getByRole('progressbar', { name: `Run ${runId} progress` });
    await bar.waitFor();
    expect(await bar.evaluate((element) => element.tagName)).toBe('PROGRESS');
    const panel = page.getByRole('region', { name: `Run ${runId}` });
    expect(await panel.getByText(/^[\d,]+ \/ [\d,]+ entries$|^Preparing\.\.\.$/).count()).toBe(1);
    // The new run is in the table while it goes on.
    // Named by its number in the experiment.
    expect(run.number).toBeGreaterThan(0);
    await runs.getByRole('link', { name: `Details of run #${run.number}` }).waitFor();
    await expectNoSeriousViolations();

    await panel.getByText(`Run #${run.number} finished.`).waitFor({ timeout: 90_000 });
    const final = await backend<RunDetails>(`experiment-runs/${runId}`);
    expect(final.status).toBe('success');
    const total = final.progress.total;
    expect(total).toBeGreaterThan(0);
    expect(await panel.getByText(`${total.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} entries`).count()).toBe(1);
    expect([await bar.getAttribute('value'), await bar.getAttribute('max')]).toEqual([String(total), String(total)]);
    expect(await panel.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    expect(polls.length).toBeGreaterThan(0);
    expect(new Set(polls)).toEqual(new Set([`/api/backend/experiment-runs/${runId}`]));

    // The list reloaded: one more row, the new run's status green.
    const row = runs.getByRole('row').filter({ has: page.getByRole('link', { name: `Details of run #${runNumber}` }) });
    await row.getByText('success', { exact: true }).waitFor();
    expect(await runs.getByRole('row').count()).toBe(before + 1);
    expect(await colour(row.getByText('success', { exact: true }))).toBe(green);

    // Polling has stopped.
    const settled = polls.length;
    await page.waitForTimeout(2_500);
    expect(polls.length).toBe(settled);
  });

  it("shows the run's mean metrics, saves both exports as downloads and opens a result's details", async () => {
    expect(runId).toBeGreaterThan(0);
    await page
      .getByRole('table', { name: /^Runs of experiment/ })
      .getByRole('link', { name: `Details of run #${runNumber}` })
      .click();
    await page.waitForURL(`${server.url}/experiment-run-results/${runId}`);
    const final = await backend<RunDetails>(`experiment-runs/${runId}`);

    const summary = page.getByRole('region', { name: 'Mean metrics' });
    const grid = summary.getByLabel('Mean metrics', { exact: true });
    await grid.waitFor();
    const names = await grid.getByRole('term').allTextContents();
    expect(names).toContain('nDCG@10');
    for (const value of await grid.getByRole('definition').allTextContents()) expect(value).toMatch(/^-?\d+\.\d{4}$/);
    await summary.getByText(new RegExp(`^Means over ${final.summary.counted} quer(y|ies): passed or failed, each query once\\.`)).waitFor();
    expect(await summary.getByText(/^[\d,]+ results? · [\d,]+ passed · [\d,]+ failed/).textContent()).toMatch(
      new RegExp(`^${final.summary.results.toLocaleString('en-US')} results? · `),
    );
    await page
      .getByRole('table', { name: `Results of run ${runId}` })
      .getByRole('row')
      .nth(1)
      .waitFor();
    await expectNoSeriousViolations();

    // Export CSV: a header and one row per result.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe(`run-${runId}-Built-in-search-WANDS-US-golden-set.csv`);
    const rows = parse(await readFile((await csv.path())!, 'utf8'), { bom: true }) as string[][];
    expect(rows.length).toBe(final.summary.results + 1);
    expect(rows[0].length).toBeGreaterThan(1);
    expect(rows.slice(1).every((cells) => cells.length === rows[0].length)).toBe(true);
    await page.getByText(`Saved run-${runId}-Built-in-search-WANDS-US-golden-set.csv.`).waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).isEnabled()).toBe(true);

    // Export TREC run: `qid Q0 docno rank score tag` lines.
    const trecDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export TREC run' }).click();
    const trec = await trecDownload;
    expect(trec.suggestedFilename()).toBe(`run-${runId}-Built-in-search-WANDS-US-golden-set.trec`);
    const lines = (await readFile((await trec.path())!, 'utf8')).split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.split(/\s+/)).toHaveLength(6);
    await page.getByText(`Saved run-${runId}-Built-in-search-WANDS-US-golden-set.trec.`).waitFor();

    // A result's details: the products the built-in search returned and the golden set's, each marked.
    const firstResult = page
      .getByRole('table', { name: `Results of run ${runId}` })
      .getByRole('row')
      .nth(1);
    const input = (await firstResult.locator('td').nth(1).textContent())!;
    await firstResult.getByRole('link', { name: /^Details of result/ }).click();
    await page.waitForURL(/\/experiment-run-result-details\/\d+$/);
    const searchResults = page.getByRole('list', { name: 'Search Results Products' });
    await searchResults.getByRole('listitem').first().waitFor();
    for (const item of await searchResults.getByRole('listitem').all()) {
      expect(['common', 'leftover', 'irrelevant']).toContain(await item.getAttribute('data-match'));
    }
    const stored = await backend<Array<{ result: { input: string; results: { search_results: unknown[]; golden_set: unknown[] } } }>>(
      `experiment-runs/${runId}/results?page=1&page_size=100`,
    );
    const shown = stored.find((r) => r.result.input === input)!;
    expect(await searchResults.getByRole('listitem').count()).toBe(shown.result.results.search_results.length);
    expect(await page.getByRole('list', { name: 'Golden Set Products' }).getByRole('listitem').count()).toBe(
      shown.result.results.golden_set.length,
    );
  });

  it('says why an experiment cannot run and keeps Run experiment disabled; the server refuses it for the same reason', async () => {
    const refusedOne = experiments.find((candidate) => candidate.name === 'BM25 baseline');
    expect(refusedOne).toBeDefined();
    await page.goto(`${server.url}/experiment-runs/${refusedOne!.id}`);
    await page.getByRole('table', { name: /^Runs of experiment/ }).waitFor();
    const note = page.getByRole('note', { name: 'Why it cannot run' });
    await note.waitFor();
    const reasons = await note.getByRole('listitem').allTextContents();
    expect(reasons.length).toBeGreaterThan(0);
    expect(await note.getByRole('link', { name: 'Edit the experiment' }).getAttribute('href')).toBe(`/experiments/${refusedOne!.id}/edit`);
    expect(await page.getByRole('button', { name: 'Run experiment' }).isDisabled()).toBe(true);
    // Asked anyway (another client), the server refuses with the first of those reasons.
    const refused = await fetch(`${server.url}/api/backend/experiments/${refusedOne!.id}/runs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(reasons[0]);
    await expectNoSeriousViolations();
  });

  it('saw no page errors or unexpected console errors', () => {
    expect(problems).toEqual([]);
  });

  async function expectNoSeriousViolations() {
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }
});
