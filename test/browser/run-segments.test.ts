import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { seriousAccessibilityViolations } from './console-session';
import type { RunningServer } from './server-process';

// A run read by segment end to end, in the built console against the real server: a run of the demo's runnable
// experiment (its WANDS entries carry a query_class), its Segments panel opened on query_class, the worst value's
// means as the API answers them, and its link followed to the run's results filtered to it: the segment in the
// address and the call, the chip naming it, and the chip clearing it.
const RUNNABLE = 'Built-in search · WANDS US golden set';

type Experiment = { id: number; name: string };
type Segments = { segments: Array<{ value: string; counted: number; mean_metrics: Record<string, number> }> };

describe('run segments in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token = '';
  let runId = 0;

  const call = async <T>(method: string, path: string): Promise<{ body: T; total: string | null }> => {
    const response = await fetch(`${server.url}/api/backend/${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return { body: (await response.json()) as T, total: response.headers.get('x-total-count') };
  };

  beforeAll(async () => {
    opened = await openConsole({ context: { viewport: { width: 1400, height: 1000 } } });
    ({ server, page, token } = opened);
    const experiments = (await call<Experiment[]>('GET', 'experiments/?page=1&page_size=100')).body;
    const experiment = experiments.find((candidate) => candidate.name === RUNNABLE)!;
    runId = (await call<{ id: number }>('POST', `experiments/${experiment.id}/runs`)).body.id;
    // Until the run ends (its results are what the panel groups).
    for (let waited = 0; ; waited += 500) {
      const { status } = (await call<{ status: string }>('GET', `experiment-runs/${runId}`)).body;
      if (status !== 'pending' && status !== 'running') {
        expect(status).toBe('success');
        break;
      }
      if (waited > 90_000) throw new Error(`run ${runId} is still ${status} after 90 s`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 120_000);

  afterAll(() => opened?.close());

  it('opens the Segments panel on a key and follows a value to the results filtered to it', async () => {
    const expected = (await call<Segments>('GET', `experiment-runs/${runId}/segments?key=query_class`)).body;
    expect(expected.segments.length).toBeGreaterThan(1);
    const worst = expected.segments[0];

    await page.goto(`${server.url}/experiment-run-results/${runId}`);
    const panel = page.getByRole('region', { name: 'Segments' });
    const select = panel.getByRole('combobox', { name: 'Segment by' });
    await expect.poll(() => select.isEnabled()).toBe(true);
    const option = (await select.locator('option').allTextContents()).find((text) => text.startsWith('query_class ('))!;
    await select.selectOption({ label: option });
    const table = panel.getByRole('table', { name: 'Means by query_class' });
    const first = table.getByRole('row').nth(1);
    await first.waitFor();
    const cells = await first.locator('th, td').allTextContents();
    expect(cells[0]).toBe(worst.value);
    expect(cells[1]).toMatch(new RegExp(`^${worst.counted.toLocaleString('en-US')}( · few queries)?$`));
    expect(cells[2]).toContain(worst.mean_metrics['ndcg@10'].toFixed(4));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const segment = `query_class:${worst.value}`;
    const filtered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('segment') === segment);
    await first.getByRole('link', { name: worst.value }).click();
    await page.waitForURL((url) => url.searchParams.get('segment') === segment);
    await filtered;
    const chip = page.getByLabel('Active segment filter');
    expect(await chip.textContent()).toContain(`Segment query_class: ${worst.value}`);
    const answer = await call<unknown[]>('GET', `experiment-runs/${runId}/results?segment=${encodeURIComponent(segment)}&page_size=20`);
    const results = page.getByRole('table', { name: `Results of run ${runId}` });
    await expect.poll(() => results.getByRole('row').count()).toBe(answer.body.length + 1);

    await chip.getByRole('button', { name: 'Clear the segment filter' }).click();
    await page.waitForURL((url) => !url.searchParams.has('segment'));
    expect(await chip.count()).toBe(0);
  });
});
