import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { hasNoRouteId } from '../../domain/shell/route-id';
import type { ExperimentRun } from '../../domain/experiments/evaluation-backend-types';
import { activeRunOf } from '../../domain/runs/run-status';
import { compareSelectionMachine } from '../compare/compare-selection.machine';
import { coverageMachine } from '../golden-sets/coverage.machine';
import { resourceMachine } from '../shared/resource.machine';
import { runProgressMachine } from './run-progress.machine';
import { TREND_METRICS, type TrendMetric } from '../../domain/runs/run-trend';
import type { ExperimentDetails } from '../../domain/experiments/workbench-types';

// The /experiment-runs/{id} page: its two flows side by side. The experiment's runs (the one-record
// machine over the unpaged runs call) and the run progress (start, watch, cancel). When the list has loaded
// and shows a run that is still going, the progress flow watches it; the progress flow is handed the list as
// its reload target, so when a run starts or ends the list fetches again, keeping its rows shown meanwhile.
// Without a valid experiment id in the address the page is `notFound` (it says 'Invalid experiment ID'); when
// the server has no such experiment (its runs call answers 404) it is `missing`, showing no actions.
// Above them the experiment itself (what it uses, what keeps it from running) and, once it has
// loaded, its golden set's coverage of its dataset; beside the runs, a trend of one mean metric.
// Two finished runs checked in the table are compared (the compare-selection flow).

export type ExperimentRunsPageInput = { experimentId: number | null };

type RunListSnapshot = SnapshotFrom<typeof resourceMachine>;

export type ExperimentRunsPageContext = {
  experimentId: number | null;
  runList: ActorRefFrom<typeof resourceMachine>;
  runProgress: ActorRefFrom<typeof runProgressMachine>;
  experiment: ActorRefFrom<typeof resourceMachine>;
  coverage: ActorRefFrom<typeof coverageMachine>;
  compareSelection: ActorRefFrom<typeof compareSelectionMachine>;
  /** The mean metric the trend chart draws. */
  trendMetric: TrendMetric;
};

/** The list's and the experiment's snapshots, which the page hears because it spawns them with `syncSnapshot`. */
export type ExperimentRunsPageEvent =
  | { type: 'xstate.snapshot.runList'; snapshot: RunListSnapshot }
  | { type: 'xstate.snapshot.experiment'; snapshot: SnapshotFrom<typeof resourceMachine> }
  | { type: 'user.chooseTrendMetric'; metric: TrendMetric };

/** The run still going in a freshly loaded list (a list being refreshed still shows the old rows). */
function activeRunIn(snapshot: RunListSnapshot): ExperimentRun | null {
  if (snapshot.value !== 'loaded' || !Array.isArray(snapshot.context.data)) return null;
  return activeRunOf(snapshot.context.data as ExperimentRun[]);
}

export const experimentRunsPageMachine = setup({
  types: {
    input: {} as ExperimentRunsPageInput,
    context: {} as ExperimentRunsPageContext,
    events: {} as ExperimentRunsPageEvent,
    tags: {} as 'notFound' | 'missing',
  },
  actors: {
    // src/logic gives each its actors (the runs call; start, poll and cancel).
    runList: resourceMachine,
    runProgress: runProgressMachine,
    experiment: resourceMachine,
    coverage: coverageMachine,
    compareSelection: compareSelectionMachine,
  },
  guards: {
    hasNoRouteId,
    hasLoaded: (_, params: { snapshot: SnapshotFrom<typeof resourceMachine> }) => params.snapshot.value === 'loaded',
    showsActiveRun: (_, params: { list: RunListSnapshot }) => activeRunIn(params.list) !== null,
    isMissing: (_, params: { list: RunListSnapshot }) => params.list.hasTag('missing'),
  },
  actions: {
    /** The experiment has loaded: count what its golden set covers of its dataset. */
    askCoverage: sendTo('coverage', (_, params: { snapshot: SnapshotFrom<typeof resourceMachine> }) => {
      const experiment = params.snapshot.context.data as ExperimentDetails | null;
      const goldenSetId = Number((experiment?.config as { golden_set_id?: unknown } | undefined)?.golden_set_id);
      return {
        type: 'coverage.for' as const,
        goldenSetId: Number.isSafeInteger(goldenSetId) ? goldenSetId : null,
        datasetId: experiment?.dataset_id ?? null,
      };
    }),
    watchActiveRun: sendTo('runProgress', (_, params: { list: RunListSnapshot }) => ({
      type: 'list.foundActiveRun' as const,
      run: activeRunIn(params.list)!,
    })),
  },
}).createMachine({
  id: 'experimentRunsPage',
  context: ({ input, spawn }) => {
    const runList = spawn('runList', { id: 'runList', syncSnapshot: true, input: { id: input.experimentId } });
    return {
      experimentId: input.experimentId,
      runList,
      runProgress: spawn('runProgress', { id: 'runProgress', input: { experimentId: input.experimentId, reloadTarget: runList } }),
      experiment: spawn('experiment', { id: 'experiment', syncSnapshot: true, input: { id: input.experimentId } }),
      coverage: spawn('coverage', { id: 'coverage', input: { goldenSetId: null, datasetId: null } }),
      compareSelection: spawn('compareSelection', { id: 'compareSelection' }),
      trendMetric: TREND_METRICS[0],
    };
  },
  on: {
    'xstate.snapshot.experiment': {
      guard: { type: 'hasLoaded', params: ({ event }) => ({ snapshot: event.snapshot }) },
      actions: { type: 'askCoverage', params: ({ event }) => ({ snapshot: event.snapshot }) },
    },
    'user.chooseTrendMetric': { actions: assign({ trendMetric: ({ event }) => event.metric }) },
    'xstate.snapshot.runList': [
      { guard: { type: 'isMissing', params: ({ event }) => ({ list: event.snapshot }) }, target: '.missing' },
      {
        guard: { type: 'showsActiveRun', params: ({ event }) => ({ list: event.snapshot }) },
        actions: { type: 'watchActiveRun', params: ({ event }) => ({ list: event.snapshot }) },
      },
    ],
  },
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.experimentId }) }, target: 'notFound' },
        { target: 'showing' },
      ],
    },
    // Its flows were started without an id too, so they fetched nothing.
    notFound: { tags: 'notFound' },
    missing: { tags: 'missing' },
    showing: {},
  },
});
