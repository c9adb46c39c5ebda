import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { evaluationDetailMachine } from '../../../src/machines/evaluations/evaluation-detail.machine';
import { POLL_INTERVAL_MS } from '../../../src/machines/runs/run-progress.machine';
import type { EvaluationDetails, EvaluationResult } from '../../../src/domain/evaluations/evaluation-results';
import type { ExperimentRunDetails } from '../../../src/domain/experiments/evaluation-backend-types';
import { formatRunProgress, runStatusSentence } from '../../../src/domain/runs/run-status';
import { EvaluationDetailPage } from '../../../src/views/evaluations/EvaluationDetailPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayedSteps, replayShortestPaths } from '../helpers/replay-shortest-paths';

// Model-based: every simple path of the evaluation page's machine, replayed on /evaluations/5 with the page's real
// machines over faked services. The evaluation answers still being scored, scored, its scoring failed, none, or a
// failure; while it is scored its run is followed (polled, shown progressing) until it ends; then the evaluation
// and its queries are asked again. At each step: the facts, the progress, and whether the means and the queries
// show, and when they do, that they are the latest answers'. At the end of each path, Back to Evaluations
// returns to the list page the person came from.

type Snapshot = SnapshotFrom<typeof evaluationDetailMachine>;
type Ended = 'success' | 'failed';
type Answer = 'scoring' | 'scored' | 'scoringFailed' | 'missing' | 'fails' | 'final';
type ModelEvent =
  | { type: 'xstate.snapshot.evaluation'; snapshot: never; answer: Answer }
  | { type: 'xstate.snapshot.list'; snapshot: never }
  | { type: 'reload'; ended: Ended };

const EVALUATION_ID = 5;
const RUN_ID = 30;
const LIST_ADDRESS = '/evaluations?page=2';

const evaluation = (
  status: string,
  done: number,
  means: Record<string, number> | null,
  error: string | null = null,
): EvaluationDetails => ({
  id: EVALUATION_ID,
  name: 'Vendor re-ranker, March',
  status,
  error,
  run_id: RUN_ID,
  golden_set_id: 4,
  golden_set_name: 'Golden Set France',
  dataset_id: null,
  dataset_name: null,
  k: 10,
  gain: 'linear',
  relevant_from: 2,
  format: 'trec',
  file_name: 'reranker.trec',
  progress: { done, total: 120 },
  created_by: 'ana@example.com',
  created_at: '2026-03-02T09:15:00.000Z',
  finished_at: status === 'running' || status === 'pending' ? null : '2026-03-02T09:16:00.000Z',
  ...(means === null
    ? {}
    : { summary: { results: done, passed: done, failed: 0, unjudged: 0, errors: 0, counted: done, repeated: 0, mean_metrics: means } }),
});

const answers = {
  scoring: evaluation('running', 40, null),
  scored: evaluation('success', 120, { 'ndcg@10': 0.73412, 'precision@10': 0.4 }),
  scoringFailed: evaluation('failed', 0, null, 'The file ranks no query of the golden set'),
};
const finalEvaluation = (ended: Ended) =>
  ended === 'success'
    ? evaluation('success', 120, { 'ndcg@10': 0.6512, 'precision@10': 0.35 })
    : evaluation('failed', 60, { 'ndcg@10': 0.5 }, 'Scoring stopped: the database went away');

/** The evaluation's run as GET experiment-runs/{id} answers it while the follower polls. */
const run = (status: string, done: number, error: string | null = null): ExperimentRunDetails => ({
  id: RUN_ID,
  experiment_id: null,
  evaluation: { id: EVALUATION_ID, name: 'Vendor re-ranker, March' },
  evaluation_script_name: '',
  tags: [],
  status,
  total_cost: 0,
  created_at: '2026-03-02T09:15:00.000Z',
  updated_at: '2026-03-02T09:15:30.000Z',
  progress: { done, total: 120 },
  error,
  summary: { results: done, passed: done, failed: 0, errors: 0, mean_metrics: {} },
});
const endedRun = (ended: Ended) =>
  ended === 'success' ? run('success', 120) : run('failed', 60, 'Scoring stopped: the database went away');

const row = (n: number): EvaluationResult => ({
  id: 900 + n,
  entry_id: n,
  run_id: RUN_ID,
  experiment_configuration: {},
  created_at: '2026-03-02T09:15:10.000Z',
  result: { input: `query ${n}`, status: 'PASS', results: { metrics: { 'ndcg@10': 0.5, 'precision@10': 0.3, 'dcg@10': 2 } } },
  completion: 'COMPLETE',
});
const rows = (count: number) => Array.from({ length: count }, (_, i) => row(i + 1));
/** What the page got first: the queries scored so far while the scoring goes on. */
const PARTIAL_ROWS = rows(3);
const FINAL_ROWS = rows(12);

/** A child's snapshot as the page hears it; the guards read its value, its tags and its record. */
const childSnapshot = (value: string, data: unknown = null) =>
  ({ value, context: { data }, hasTag: (tag: string) => tag === value }) as never;

function eventsFrom(state: Snapshot): ModelEvent[] {
  const answer = (name: Answer, value = 'loaded', data: unknown = null): ModelEvent => ({
    type: 'xstate.snapshot.evaluation',
    snapshot: childSnapshot(value, data),
    answer: name,
  });
  if (state.matches({ showing: 'opening' })) {
    return [
      answer('scoring', 'loaded', answers.scoring),
      answer('scored', 'loaded', answers.scored),
      answer('scoringFailed', 'loaded', answers.scoringFailed),
      answer('missing', 'missing'),
      answer('fails', 'failed'),
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
    if (!state.context.evaluationFresh) events.push(answer('final', 'loaded', answers.scored));
    if (!state.context.listFresh) events.push({ type: 'xstate.snapshot.list', snapshot: childSnapshot('loaded') });
    return events;
  }
  return [];
}

function describeEvent(event: ModelEvent): string {
  if (event.type === 'xstate.snapshot.evaluation') return `evaluation ${event.answer}`;
  if (event.type === 'xstate.snapshot.list') return 'queries answer';
  return `scoring ends in ${event.ended}`;
}

type Page = {
  services: FakeDeps;
  /** What the evaluation last answered (null: not yet, none, or a failure), the rows the list last answered, how the scoring ended. */
  evaluation: EvaluationDetails | null;
  failed: boolean;
  rows: EvaluationResult[];
  ended: Ended | null;
};

async function perform(event: ModelEvent, page: Page) {
  const { services } = page;
  switch (event.type) {
    case 'xstate.snapshot.evaluation': {
      if (event.answer === 'missing') return services.settle('findEvaluation', { output: null });
      if (event.answer === 'fails') {
        page.failed = true;
        return services.settle('findEvaluation', { error: new Error('The server answered 500') });
      }
      page.evaluation = event.answer === 'final' ? finalEvaluation(page.ended!) : answers[event.answer];
      return services.settle('findEvaluation', { output: page.evaluation });
    }
    case 'xstate.snapshot.list':
      page.rows = FINAL_ROWS;
      return services.settle('evaluationResultRows', { output: { items: FINAL_ROWS, total: FINAL_ROWS.length } });
    case 'reload': {
      // The follower polls the evaluation's run: it has moved on (the page shows it), then at the next poll it has ended.
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
      expect(services.last('getRun').args).toEqual([RUN_ID]);
      const moving = run('running', 90);
      await services.settle('getRun', { output: moving });
      expect(screen.getByText(formatRunProgress(moving.progress))).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
      page.ended = event.ended;
      return services.settle('getRun', { output: endedRun(event.ended) });
    }
  }
}

const definition = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;

function expectScreen(state: Snapshot, page: Page) {
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  if (state.matches('missing')) {
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Evaluation');
    return expect(alerts).toEqual(['Evaluation not found']);
  }
  const shown = page.evaluation;
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(shown?.name ?? 'Evaluation');
  if (shown) {
    expect(definition('Golden set')).toBe('Golden Set France');
    expect(definition('Queries')).toBe("The file's queries");
    expect(definition('k')).toBe('10');
    expect(definition('Relevant from')).toBe('grade 2');
    expect(definition('File')).toBe('reranker.trec (TREC)');
    expect(definition('Status')).toBe(shown.status);
  }
  const followed = page.ended !== null || state.hasTag('following');
  const panel = screen.queryByRole('region', { name: `Run ${RUN_ID}` });
  expect(panel !== null).toBe(followed);
  if (panel && state.hasTag('following')) expect(within(panel).getByText(formatRunProgress(answers.scoring.progress))).toBeTruthy();
  if (panel && page.ended) {
    expect(within(panel).getByText(runStatusSentence(endedRun(page.ended)))).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel run' })).toBeNull();
  }
  // A failure's reason: the followed run's, or (opened failed) the evaluation's own.
  const reasons = page.ended === 'failed' ? [endedRun('failed').error] : shown?.status === 'failed' ? [shown.error] : [];

  const figuresShown = state.matches({ showing: 'settled' });
  expect(screen.queryByRole('heading', { name: 'Mean metrics' }) !== null).toBe(figuresShown);
  expect(screen.queryByRole('table', { name: 'Queries' }) !== null).toBe(figuresShown);
  if (!figuresShown) {
    const wait = state.hasTag('following')
      ? 'The mean metrics and the queries show once the scoring has ended.'
      : state.hasTag('settling')
        ? 'Loading the final results...'
        : 'Loading...';
    expect(screen.getByText(wait)).toBeTruthy();
    return expect(alerts).toEqual(reasons);
  }
  if (page.failed && !page.evaluation) {
    expect(alerts).toEqual(['Failed to fetch the evaluation.']);
  } else {
    expect(alerts).toEqual(reasons);
    const means = shown?.summary?.mean_metrics;
    if (means) {
      expect(definition('nDCG@10')).toBe(means['ndcg@10'].toFixed(4));
      expect(screen.getByText(`Means over ${shown.summary!.counted} queries: passed or failed, each query once.`)).toBeTruthy();
    } else {
      expect(screen.getByText('No results yet.')).toBeTruthy();
    }
  }
  const table = screen.getByRole('table', { name: 'Queries' });
  const shownRows = within(table).getAllByRole('row').slice(1);
  expect(shownRows).toHaveLength(page.rows.length);
  expect(Array.from(shownRows[0].children, (cell) => cell.textContent)).toEqual([
    'query 1',
    'Complete',
    'Mar 2, 2026, 9:15 AM',
    'nDCG@10 0.500 · P@10 0.300',
  ]);
}

function renderPage(services: FakeDeps) {
  renderWithLogic(services, `/evaluations/${EVALUATION_ID}`, () => (
    <Switch>
      <Route path="/evaluations/:id">{(params) => <EvaluationDetailPage id={Number(params.id)} origin={LIST_ADDRESS} />}</Route>
      <Route path="/evaluations">
        <h1>The evaluations list</h1>
      </Route>
    </Switch>
  ));
}

describe('the evaluation page follows its scoring until it ends', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  replayShortestPaths(evaluationDetailMachine, {
    input: { evaluationId: EVALUATION_ID, page: 1, origin: LIST_ADDRESS },
    events: eventsFrom,
    serializeState: (state) => JSON.stringify({ value: state.value, fresh: [state.context.evaluationFresh, state.context.listFresh] }),
    serializeEvent: (event) =>
      JSON.stringify({
        type: event.type,
        answer: 'answer' in event ? event.answer : undefined,
        ended: 'ended' in event ? event.ended : undefined,
      }),
    simplePaths: true,
    paths: { atLeast: 12 },
    describeEvent,
    async setup(path) {
      const services = fakeDeps();
      renderPage(services);
      expect(services.last('findEvaluation').args).toEqual([EVALUATION_ID]);
      expect(services.last('evaluationResultRows').args).toEqual([EVALUATION_ID, { page: 1, pageSize: 20 }]);
      // The queries answer first: while the scoring goes on, only part of them.
      await services.settle('evaluationResultRows', { output: { items: PARTIAL_ROWS, total: PARTIAL_ROWS.length } });
      const page: Page = { services, evaluation: null, failed: false, rows: PARTIAL_ROWS, ended: null };
      if (replayedSteps(path).length === 0) expectScreen(path.steps[0].state, page);
      return page;
    },
    perform: (event, page) => perform(event, page),
    beforeStep: (_, { services }) => ({ evaluation: services.calls('findEvaluation'), rows: services.calls('evaluationResultRows') }),
    afterPerform({ event }, { services }, before) {
      // When the scoring ends, both are asked again, at once; nothing else asks them.
      const asked = event.type === 'reload' ? 1 : 0;
      expect([services.calls('findEvaluation'), services.calls('evaluationResultRows')]).toEqual([
        before.evaluation + asked,
        before.rows + asked,
      ]);
      // The follower stops polling once the scoring has ended.
      if (event.type === 'reload') expect(vi.getTimerCount()).toBe(0);
    },
    expectInitialScreen: false,
    waitForScreen: false,
    expectScreen: (state, page) => expectScreen(state, page),
    afterPath(_, { services }) {
      fireEvent.click(screen.getByRole('button', { name: 'Back to Evaluations' }));
      expect(services.currentPath()).toBe(LIST_ADDRESS);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The evaluations list');
    },
  });
});
