import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { testCaseMachine } from '../../../src/machines/evaluations/test-case.machine';
import type { TestCase, TestCaseOwner } from '../../../src/domain/evaluations/test-case';
import type { ExperimentRunDetails } from '../../../src/domain/experiments/evaluation-backend-types';
import { TestCasePage } from '../../../src/views/evaluations/TestCasePage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayedSteps, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: every state of the test case machine, reached by its shortest path and replayed on /test-case/41
// with the page's real machine over faked services. The result answers, is missing, or fails (then Try again);
// once it shows, its run answers whose it is (an evaluation's or an experiment's), none, or fails. At each step:
// what the page shows, and where its way back leads.

type Snapshot = SnapshotFrom<typeof testCaseMachine>;
type ModelEvent =
  | EventFromLogic<typeof testCaseMachine>
  | ActorDone<'fetchResult', TestCase | null>
  | ActorError<'fetchResult', Error>
  | ActorDone<'fetchOwner', TestCaseOwner | null>
  | ActorError<'fetchOwner', Error>;

const RESULT_ID = 41;
const RUN_ID = 30;

const testCase = (runId: number | undefined): TestCase => ({
  id: RESULT_ID,
  entry_id: 7,
  ...(runId === undefined ? {} : { run_id: runId }),
  experiment_configuration: {},
  created_at: '2026-03-02T09:18:42.000Z',
  completion: 'NO_MORE_RESULTS',
  product_names: { 'P-2': 'Brecken Oak Table', 'P-9': 'Harlan Gateleg Table' },
  result: {
    input: 'oak dining table',
    status: 'FAIL',
    test_result: 'nDCG@10 0.612 · P@10 0.100 · No more results',
    results: {
      metrics: { 'ndcg@10': 0.61234, 'precision@10': 0.1 },
      search_results: [{ product_id: 'P-2' }, { product_id: 'P-5', name: 'Oak Bench' }],
      golden_set: [
        { product_id: 'P-9', relevance: 3 },
        { product_id: 'P-2', relevance: 2 },
      ],
      commons: ['P-2'],
      missings: ['P-9'],
      leftovers: ['P-5'],
    },
  },
});

const evaluationRun: ExperimentRunDetails = {
  id: RUN_ID,
  experiment_id: null,
  evaluation: { id: 5, name: 'Vendor re-ranker, March' },
  evaluation_script_name: '',
  tags: [],
  status: 'success',
  total_cost: 0,
  created_at: '2026-03-02T09:15:00.000Z',
  updated_at: '2026-03-02T09:16:00.000Z',
  summary: { results: 1, passed: 0, failed: 1, errors: 0, mean_metrics: {} },
};
const experimentRun: ExperimentRunDetails = {
  ...evaluationRun,
  experiment_id: 4,
  experiment_name: 'BM25 baseline',
  number: 3,
  evaluation: null,
};
const ownerOf = (run: ExperimentRunDetails): TestCaseOwner => ({
  runId: run.id,
  runNumber: run.number ?? null,
  evaluation: run.evaluation ?? null,
  experiment: run.experiment_id === null ? null : { id: run.experiment_id, name: run.experiment_name ?? null },
});

function eventsFrom(state: Snapshot): ModelEvent[] {
  const events: ModelEvent[] = [];
  if (state.can({ type: 'user.retry' })) events.push({ type: 'user.retry' });
  if (state.matches('loading')) {
    events.push(
      { type: 'xstate.done.actor.fetchResult', output: testCase(RUN_ID) },
      // A result made elsewhere may not name its run.
      { type: 'xstate.done.actor.fetchResult', output: testCase(undefined) },
      { type: 'xstate.done.actor.fetchResult', output: null },
      { type: 'xstate.error.actor.fetchResult', error: new Error('The server answered 500') },
    );
  }
  if (state.matches({ loaded: 'findingOwner' })) {
    events.push(
      { type: 'xstate.done.actor.fetchOwner', output: ownerOf(evaluationRun) },
      { type: 'xstate.done.actor.fetchOwner', output: ownerOf(experimentRun) },
      { type: 'xstate.done.actor.fetchOwner', output: null },
      { type: 'xstate.error.actor.fetchOwner', error: new Error('The server answered 503') },
    );
  }
  return events;
}

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case 'xstate.done.actor.fetchResult':
      return event.output === null ? 'no such result' : event.output.run_id === undefined ? 'result without run' : 'result';
    case 'xstate.done.actor.fetchOwner':
      return event.output === null ? 'no such run' : event.output.evaluation ? "an evaluation's run" : "an experiment's run";
    case 'xstate.error.actor.fetchResult':
      return 'result fails';
    case 'xstate.error.actor.fetchOwner':
      return 'run fails';
    default:
      return event.type;
  }
}

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'xstate.done.actor.fetchResult':
      return services.settle('findRunResult', { output: event.output });
    case 'xstate.error.actor.fetchResult':
      return services.settle('findRunResult', { error: event.error });
    case 'xstate.done.actor.fetchOwner': {
      const run = event.output === null ? null : event.output.evaluation ? evaluationRun : experimentRun;
      return services.settle('findRun', { output: run });
    }
    case 'xstate.error.actor.fetchOwner':
      return services.settle('findRun', { error: event.error });
  }
}

const crumbs = () =>
  screen.queryByRole('navigation', { name: 'Breadcrumb' })
    ? within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')])
    : [];

function expectScreen(state: Snapshot) {
  const heading = screen.getByRole('heading', { level: 1 }).textContent;
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  if (state.matches('loading')) {
    expect(heading).toBe('Test Case');
    return expect(screen.getByRole('status').textContent).toBe('Loading...');
  }
  if (state.matches('missing')) return expect(alerts).toEqual([`No test case with ID ${RESULT_ID}.`]);
  if (state.matches('failed')) {
    expect(alerts).toEqual(['The server answered 500']);
    return expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  }
  // Loaded: the ranking shows whatever its run says.
  expect(heading).toBe('Query: oak dining table');
  expect(alerts).toEqual([]);
  expect(screen.getByText('No more results').className).toContain('warning');
  expect(within(screen.getByRole('list', { name: 'Ranking' })).getAllByRole('listitem')).toHaveLength(2);
  const { owner, testCase: shown } = state.context;
  if (owner?.evaluation) {
    expect(crumbs()).toEqual([
      ['Evaluations', '/evaluations'],
      ['Vendor re-ranker, March', '/evaluations/5'],
    ]);
  } else if (owner) {
    expect(crumbs()).toEqual([
      ['Experiments', '/experiments'],
      ['BM25 baseline', '/experiment-runs/4'],
      ['Run #3', `/experiment-run-results/${RUN_ID}`],
    ]);
  } else if (shown?.run_id !== undefined) {
    // Until (or unless) the run answers: the run by its id.
    expect(crumbs()).toEqual([
      ['Experiments', '/experiments'],
      [`Run ${RUN_ID}`, `/experiment-run-results/${RUN_ID}`],
    ]);
  } else {
    expect(crumbs()).toEqual([]);
  }
}

describe('the test case page loads one result and finds whose it is', () => {
  afterEach(cleanup);

  const paths = replayShortestPaths(testCaseMachine, {
    input: { resultId: RESULT_ID },
    events: eventsFrom,
    // Keyed with the answer that reached it too, so the shortest paths take every edge (a run failing, Try again).
    serializeState: (state, event, previous) =>
      JSON.stringify({ value: state.value, from: previous?.value, by: event && describeEvent(event), run: state.context.testCase?.run_id }),
    paths: { atLeast: 10 },
    describeEvent,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, `/test-case/${RESULT_ID}`, <TestCasePage id={RESULT_ID} />);
      expect(services.last('findRunResult').args).toEqual([RESULT_ID]);
      return services;
    },
    perform: (event, services) => perform(event, services),
    afterPerform({ event }, services) {
      if (event.type === 'xstate.done.actor.fetchResult' && event.output?.run_id !== undefined)
        expect(services.last('findRun').args).toEqual([RUN_ID]);
    },
    expectScreen: (state) => expectScreen(state),
  });

  it('reaches every state, a run answering each way', () => {
    const ends = paths.map((path) =>
      replayedSteps(path)
        .map(({ event }) => describeEvent(event))
        .join(' → '),
    );
    expect(ends).toEqual(
      expect.arrayContaining([
        "result → an evaluation's run",
        "result → an experiment's run",
        'result → no such run',
        'result → run fails',
        'result without run',
        'no such result',
        'result fails → user.retry',
      ]),
    );
  });
});

describe('a test case opened by a malformed address', () => {
  afterEach(cleanup);

  it('says so and asks nothing', () => {
    const services = fakeDeps();
    renderWithLogic(services, '/test-case/abc', <TestCasePage id={null} />);
    expect(screen.getByRole('alert').textContent).toBe('Invalid test case ID');
    expect(services.calledMethods()).toEqual([]);
  });
});
