import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import type { SnapshotFrom } from 'xstate';
import { runResultsPageMachine } from '../../../src/machines/runs/run-results-page.machine';
import { POLL_INTERVAL_MS } from '../../../src/machines/runs/run-progress.machine';
import type { ExperimentRunDetails, ExperimentRunResult } from '../../../src/domain/experiments/evaluation-backend-types';
import { formatRunCounts, formatRunProgress, runStatusSentence } from '../../../src/domain/runs/run-status';
import { formatMean } from '../../../src/domain/shared/format-metric';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayedSteps, replayShortestPaths } from '../helpers/replay-shortest-paths';
import { metricLabel } from '../../../src/domain/shared/metric-label';

// Model-based: every simple path of the run results page's follow flow, replayed on /experiment-run-results/12
// with the page's real machines. The run's summary answers a run just started, one already half done (the page
// reopened mid-run), a finished one, none, or a failure; a run still going is polled by its follower (which
// shows it progressing) until it ends in success or failure; then the summary and the results are asked again.
// At each step: the progress, and whether the means and the table show, and when they do, that they are of one
// moment: the means and the rows the latest answers gave, never the partial ones of before the run ended.

type Snapshot = SnapshotFrom<typeof runResultsPageMachine>;
type Ended = 'success' | 'failed';
type ModelEvent =
  | { type: 'xstate.snapshot.summary'; snapshot: never; answer: 'started' | 'midway' | 'finished' | 'missing' | 'fails' | 'final' }
  | { type: 'xstate.snapshot.list'; snapshot: never }
  | { type: 'reload'; ended: Ended };

const details = (status: string, done: number, results: number, means: Record<string, number>): ExperimentRunDetails => ({
  id: 12,
  experiment_id: 4,
  evaluation_script_name: 'Golden set relevance',
  tags: [],
  status,
  total_cost: 0,
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
  progress: { done, total: 480 },
  error: status === 'failed' ? 'Search backend unreachable after 3 attempts' : null,
  summary: { results, passed: results, failed: 0, errors: 0, mean_metrics: means },
});

const row = (n: number): ExperimentRunResult => ({
  id: n,
  entry_id: n,
  experiment_configuration: { k: 10 },
  created_at: '2026-11-22T15:04:00Z',
  result: { input: `query ${n}`, status: 'PASS', test_result: 'nDCG@10 0.700' },
});
const rows = (count: number) => Array.from({ length: count }, (_, i) => row(i + 1));

/** What the page saw first: a partial snapshot while the run goes on (8 rows, the means of 16 results). */
const PARTIAL_ROWS = rows(8);
const FINAL_ROWS = rows(20);
const summaries = {
  started: details('pending', 0, 0, {}),
  midway: details('running', 16, 16, { 'ndcg@10': 0.7584 }),
  finished: details('success', 480, 480, { 'ndcg@10': 0.7161 }),
};
const finalRun = (ended: Ended) => details(ended, ended === 'success' ? 480 : 300, ended === 'success' ? 480 : 300, { 'ndcg@10': 0.7161 });

/** A child's snapshot as the page hears it; the guards read its value, its tags and its record. */
const childSnapshot = (value: string, data: unknown = null) =>
  ({ value, context: { data }, hasTag: (tag: string) => tag === value }) as never;

function eventsFrom(state: Snapshot): ModelEvent[] {
  if (state.matches({ showing: 'opening' })) {
    return [
      { type: 'xstate.snapshot.summary', snapshot: childSnapshot('loaded', summaries.started), answer: 'started' },
      { type: 'xstate.snapshot.summary', snapshot: childSnapshot('loaded', summaries.midway), answer: 'midway' },
      { type: 'xstate.snapshot.summary', snapshot: childSnapshot('loaded', summaries.finished), answer: 'finished' },
      { type: 'xstate.snapshot.summary', snapshot: childSnapshot('missing'), answer: 'missing' },
      { type: 'xstate.snapshot.summary', snapshot: childSnapshot('failed'), answer: 'fails' },
    ];
  }
  if (state.matches({ showing: 'following' })) {
    return [
      { type: 'reload', ended: 'success' },
      { type: 'reload', ended: 'failed' },
    ];
  }
  if (state.matches({ showing: 'settling' })) {
    const events: ModelEvent[] = [];
    // The final summary (its content does not matter to the machine, only that it answered).
    if (!state.context.summaryFresh)
      events.push({ type: 'xstate.snapshot.summary', snapshot: childSnapshot('loaded', summaries.finished), answer: 'final' });
    if (!state.context.listFresh) events.push({ type: 'xstate.snapshot.list', snapshot: childSnapshot('loaded') });
    return events;
  }
  return [];
}

function describeEvent(event: ModelEvent): string {
  if (event.type === 'xstate.snapshot.summary') return `summary ${event.answer}`;
  if (event.type === 'xstate.snapshot.list') return 'results answer';
  return `run ends in ${event.ended}`;
}

type Page = {
  services: FakeDeps;
  /** The run the summary last answered, the rows the list last answered, and how the followed run ended. */
  run: ExperimentRunDetails | null;
  rows: ExperimentRunResult[];
  ended: Ended | null;
};

async function perform(event: ModelEvent, page: Page) {
  const { services } = page;
  switch (event.type) {
    case 'xstate.snapshot.summary': {
      if (event.answer === 'missing') return services.settle('findRun', { output: null });
      if (event.answer === 'fails') return services.settle('findRun', { error: new Error('The server answered 500') });
      page.run = event.answer === 'final' ? finalRun(page.ended!) : summaries[event.answer];
      return services.settle('findRun', { output: page.run });
    }
    case 'xstate.snapshot.list':
      page.rows = FINAL_ROWS;
      return services.settle('runResultRows', { output: { items: FINAL_ROWS, total: FINAL_ROWS.length } });
    case 'reload': {
      // The follower polls: the run has moved on (the page shows it), then at the next poll it has ended.
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
      const moving = details('running', 240, 240, { 'ndcg@10': 0.74 });
      await services.settle('getRun', { output: moving });
      expect(screen.getByText(formatRunProgress(moving.progress))).toBeTruthy();
      expect(screen.getByText(runStatusSentence(moving))).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
      page.ended = event.ended;
      return services.settle('getRun', { output: finalRun(event.ended) });
    }
  }
}

function expectScreen(state: Snapshot, page: Page) {
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  if (state.matches('missing')) return expect(alerts).toEqual(['Experiment run not found']);
  const followed = page.ended !== null || state.hasTag('following');
  const panel = screen.queryByRole('region', { name: 'Run 12' });
  expect(panel !== null).toBe(followed);
  if (panel && state.hasTag('following')) {
    // Still going: as the summary first found it.
    expect(within(panel).getByText(runStatusSentence(page.run!))).toBeTruthy();
    expect(within(panel).getByText(formatRunProgress(page.run!.progress))).toBeTruthy();
  }
  if (panel && page.ended) {
    const ended = finalRun(page.ended);
    expect(within(panel).getByText(runStatusSentence(ended))).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel run' })).toBeNull();
  }
  const endedError = page.ended === 'failed' ? [finalRun('failed').error] : [];

  const figuresShown = state.matches({ showing: 'settled' });
  expect(screen.queryByRole('heading', { name: 'Mean metrics' }) !== null).toBe(figuresShown);
  expect(screen.queryByRole('table', { name: 'Results of run 12' }) !== null).toBe(figuresShown && page.rows.length > 0);
  if (!figuresShown) {
    const wait = state.hasTag('following')
      ? 'The mean metrics and the results show once the run has ended.'
      : state.hasTag('settling')
        ? 'Loading the final results...'
        : 'Loading...';
    expect(screen.getByText(wait)).toBeTruthy();
    return expect(alerts).toEqual(endedError);
  }
  // The figures: the means and the counts of the summary's latest answer, the rows of the list's.
  if (page.run === null) {
    expect(alerts).toEqual([...endedError, 'Failed to fetch the run summary.']);
  } else {
    expect(alerts).toEqual(endedError);
    const means = within(screen.getByRole('definition', { hidden: false }).closest('dl')!);
    for (const [name, value] of Object.entries(page.run.summary.mean_metrics)) {
      expect(means.getByText(metricLabel(name)).nextSibling?.textContent).toBe(formatMean(value));
    }
    expect(screen.getByText(formatRunCounts(page.run.summary))).toBeTruthy();
  }
  const table = screen.getByRole('table', { name: 'Results of run 12' });
  expect(within(table).getAllByRole('row').slice(1)).toHaveLength(page.rows.length);
}

describe('the run results page follows its run until it ends', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  replayShortestPaths(runResultsPageMachine, {
    input: { runId: 12, page: 1 },
    events: eventsFrom,
    serializeState: (state) => JSON.stringify({ value: state.value, fresh: [state.context.summaryFresh, state.context.listFresh] }),
    serializeEvent: (event) =>
      JSON.stringify({
        type: event.type,
        answer: 'answer' in event ? event.answer : undefined,
        ended: 'ended' in event ? event.ended : undefined,
      }),
    simplePaths: true,
    paths: { atLeast: 20 },
    describeEvent,
    async setup(path) {
      const services = fakeDeps();
      renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id={12} />);
      expect(services.last('findRun').args).toEqual([12]);
      // The results answer first, before the summary: a run still going gives only part of them.
      await services.settle('runResultRows', { output: { items: PARTIAL_ROWS, total: PARTIAL_ROWS.length } });
      const page: Page = { services, run: null, rows: PARTIAL_ROWS, ended: null };
      if (replayedSteps(path).length === 0) expectScreen(path.steps[0].state, page);
      return page;
    },
    perform: (event, page) => perform(event, page),
    beforeStep: (_, { services }) => ({ findRun: services.calls('findRun'), rows: services.calls('runResultRows') }),
    afterPerform({ event }, { services }, before) {
      // When the run ends, both are asked again, at once; nothing else asks them.
      const asked = event.type === 'reload' ? 1 : 0;
      expect([services.calls('findRun'), services.calls('runResultRows')]).toEqual([before.findRun + asked, before.rows + asked]);
      // The follower stops polling once the run has ended: no poll is waiting to happen.
      if (event.type === 'reload') expect(vi.getTimerCount()).toBe(0);
    },
    expectInitialScreen: false,
    waitForScreen: false,
    expectScreen: (state, page) => expectScreen(state, page),
  });
});
