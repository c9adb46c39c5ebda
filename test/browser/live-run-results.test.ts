import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMean, orderedMetrics } from '../../src/domain/shared/format-metric';
import { formatRunCounts } from '../../src/domain/runs/run-status';
import { metricLabel } from '../../src/domain/shared/metric-label';
import { counted } from '../../src/domain/shared/format-count';
import { openConsole, type OpenConsole } from './open-console';
import type { RunningServer } from './server-process';

// A rescore's page opens while the new run is still going: in the built console against the real server,
// it must come to show the run's final figures (its means, its counts and as many results) by itself, with
// no reload, and the figures above the table and the table's count must be of that same final state.
const RUNNABLE = 'Built-in search · WANDS US golden set';

type Run = {
  id: number;
  status: string;
  summary: { results: number; passed: number; failed: number; unjudged?: number; errors: number; mean_metrics: Record<string, number> };
};

describe('a run’s results page follows the run live in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token = '';
  let problems: string[];

  const json = async <T>(path: string) => {
    const response = await fetch(`${server.url}/api/backend/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    opened = await openConsole({ context: { viewport: { width: 1280, height: 900 } } });
    ({ server, page, token, problems } = opened);
  });

  afterAll(() => opened?.close());

  it('rescores a run and shows the new run’s final means and count of results without a reload', async () => {
    const experiments = await json<Array<{ id: number; name: string }>>('experiments/?page=1&page_size=100');
    const experiment = experiments.find((e) => e.name === RUNNABLE)!;
    const runs = await json<Run[]>(`experiment-runs/by_experiment/${experiment.id}`);
    const finished = runs.find((r) => r.status === 'success')!;

    await page.goto(`${server.url}/experiment-run-results/${finished.id}`);
    let reloaded = false;
    page.on('load', () => (reloaded = true));
    await page.getByRole('button', { name: 'Rescore', exact: true }).click();
    await page.getByRole('button', { name: 'Rescore now' }).click();
    await page.waitForURL((url) => /\/experiment-run-results\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${finished.id}`));
    const rescoreId = Number(new URL(page.url()).pathname.split('/').pop());

    await expect.poll(async () => (await json<Run>(`experiment-runs/${rescoreId}`)).status, { timeout: 30_000 }).toBe('success');
    const final = await json<Run>(`experiment-runs/${rescoreId}`);
    expect(final.summary.results).toBeGreaterThan(0);

    const means = page.locator('dl[aria-label="Mean metrics"]');
    await means.waitFor({ timeout: 30_000 });
    const shown = await means
      .locator('div')
      .evaluateAll((pairs) => pairs.map((pair) => [pair.querySelector('dt')?.textContent, pair.querySelector('dd')?.textContent]));
    expect(shown).toEqual(orderedMetrics(final.summary.mean_metrics).map(([name, value]) => [metricLabel(name), formatMean(value)]));
    await page.getByText(formatRunCounts(final.summary), { exact: true }).waitFor();
    // The table's count is of the same moment as the means: every result of the finished run.
    await page.getByText(counted(final.summary.results, 'result', 'results'), { exact: true }).waitFor();
    expect(reloaded).toBe(false);
    expect(problems).toEqual([]);
  });
});
