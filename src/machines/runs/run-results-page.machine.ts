import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { hasNoRouteId } from '../../domain/shell/route-id';
import { comparableRunsMachine } from '../compare/comparable-runs.machine';
import { fileExportMachine } from '../shared/file-export.machine';
import { filterFromSearch, pagedListMachine, pageFromSearch, type ListFilter } from '../shared/paged-list.machine';
import { RESULT_FILTER } from '../../domain/runs/result-filters';
import { rescoreRunMachine } from './rescore-run.machine';
import { resourceMachine } from '../shared/resource.machine';
import type { ReloadEvent, ReloadTarget } from '../shared/reload';
import { runProgressMachine } from './run-progress.machine';
import type { ExperimentRunDetails } from '../../domain/experiments/evaluation-backend-types';
import { isActiveRun } from '../../domain/runs/run-status';

// The /experiment-run-results/{id} page: the run's paged results, filtered by status and input and sorted by a
// metric or the input (the list's filter, in the address with the page); above them the run (the one-record
// machine: its experiment, configuration and mean metrics) and its exports. Without a valid run id in the
// address the page is `notFound` (it says 'Invalid experiment run ID').
// A run still going (however the page was opened: after Run experiment, Rescore, a link, a reload) is
// followed by the runs' one watcher (run-progress, spawned as `follower`): its progress shows, and its
// means and results do not, since they would be a partial snapshot of a moment already past. When it
// ends, the summary and the list are both fetched again and shown only once both have answered, so the
// figures above and in the table are always of the same, final, state.
// "Compare with…" opens the dialog of the runs this one can be compared with (comparable-runs).
// Rescore (rescore-run) scores a finished run again against its golden set as it is now.

export type RunResultsPageInput = { runId: number | null; page: number; filter?: ListFilter };

export const runResultsPageInput = (runId: number | null, search: string): RunResultsPageInput => ({
  runId,
  page: pageFromSearch(search),
  filter: filterFromSearch(search, RESULT_FILTER),
});

export type RunResultsPageContext = {
  runId: number | null;
  list: ActorRefFrom<typeof pagedListMachine>;
  summary: ActorRefFrom<typeof resourceMachine>;
  exporter: ActorRefFrom<typeof fileExportMachine>;
  comparer: ActorRefFrom<typeof comparableRunsMachine>;
  rescorer: ActorRefFrom<typeof rescoreRunMachine>;
  /** While settling: which of the two have answered since they were asked again. */
  summaryFresh: boolean;
  listFresh: boolean;
};

type ChildSnapshot = SnapshotFrom<typeof resourceMachine> | SnapshotFrom<typeof pagedListMachine>;

export type RunResultsPageEvent =
  | { type: 'xstate.snapshot.summary'; snapshot: SnapshotFrom<typeof resourceMachine> }
  | { type: 'xstate.snapshot.list'; snapshot: SnapshotFrom<typeof pagedListMachine> }
  /** From the follower: the run has ended. */
  | ReloadEvent;

const runOf = (snapshot: SnapshotFrom<typeof resourceMachine>) =>
  snapshot.value === 'loaded' ? (snapshot.context.data as ExperimentRunDetails) : null;

/** A child that has answered: not fetching, nor refreshing what it shows. */
const hasAnswered = (snapshot: ChildSnapshot) => !snapshot.hasTag('busy') && snapshot.value !== 'refreshing';

export const runResultsPageMachine = setup({
  types: {
    input: {} as RunResultsPageInput,
    context: {} as RunResultsPageContext,
    tags: {} as 'notFound' | 'missing' | 'following' | 'settling',
    events: {} as RunResultsPageEvent,
    children: {} as { follower: 'runProgress' },
  },
  actors: {
    // src/logic gives each its actors (the run's results call, the run, the export calls).
    list: pagedListMachine,
    summary: resourceMachine,
    fileExport: fileExportMachine,
    comparableRuns: comparableRunsMachine,
    rescoreRun: rescoreRunMachine,
    runProgress: runProgressMachine,
  },
  guards: {
    hasNoRouteId,
    isMissing: (_, params: { snapshot: SnapshotFrom<typeof resourceMachine> }) => params.snapshot.hasTag('missing'),
    isGoing: (_, params: { snapshot: SnapshotFrom<typeof resourceMachine> }) => {
      const run = runOf(params.snapshot);
      return run !== null && isActiveRun(run);
    },
    hasAnswered: (_, params: { snapshot: ChildSnapshot }) => hasAnswered(params.snapshot),
    bothAnswered: ({ context }) => context.summaryFresh && context.listFresh,
  },
  actions: {
    followRun: spawnChild('runProgress', {
      id: 'follower',
      input: ({ event, self }) => ({
        experimentId: runOf((event as Extract<RunResultsPageEvent, { type: 'xstate.snapshot.summary' }>).snapshot)!.experiment_id,
        reloadTarget: self as unknown as ReloadTarget,
      }),
    }),
    watchRun: sendTo('follower', ({ event }) => ({
      type: 'list.foundActiveRun' as const,
      run: runOf((event as Extract<RunResultsPageEvent, { type: 'xstate.snapshot.summary' }>).snapshot)!,
    })),
    forgetAnswers: assign({ summaryFresh: false, listFresh: false }),
    reloadSummary: sendTo(({ context }) => context.summary, { type: 'reload' }),
    reloadList: sendTo(({ context }) => context.list, { type: 'reload' }),
  },
}).createMachine({
  id: 'runResultsPage',
  context: ({ input, spawn }) => ({
    runId: input.runId,
    list: spawn('list', { id: 'list', syncSnapshot: true, input: { page: input.page, filter: input.filter, ownerId: input.runId } }),
    summary: spawn('summary', { id: 'summary', syncSnapshot: true, input: { id: input.runId } }),
    exporter: spawn('fileExport', { id: 'exporter' }),
    comparer: spawn('comparableRuns', { id: 'comparer' }),
    rescorer: spawn('rescoreRun', { id: 'rescorer' }),
    summaryFresh: false,
    listFresh: false,
  }),
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.runId }) }, target: 'notFound' },
        { target: 'showing' },
      ],
    },
    // Its flows were started without an id too, so they fetched nothing.
    notFound: { tags: 'notFound' },
    // The server has no run of that id: the page shows no actions.
    missing: { tags: 'missing' },
    showing: {
      on: {
        'xstate.snapshot.summary': {
          guard: { type: 'isMissing', params: ({ event }) => ({ snapshot: event.snapshot }) },
          target: 'missing',
        },
      },
      initial: 'opening',
      states: {
        // Until the summary says whether the run is still going.
        opening: {
          on: {
            'xstate.snapshot.summary': [
              { guard: { type: 'isMissing', params: ({ event }) => ({ snapshot: event.snapshot }) }, target: '#runResultsPage.missing' },
              {
                guard: { type: 'isGoing', params: ({ event }) => ({ snapshot: event.snapshot }) },
                target: 'following',
                actions: ['followRun', 'watchRun'],
              },
              { guard: { type: 'hasAnswered', params: ({ event }) => ({ snapshot: event.snapshot }) }, target: 'settled' },
            ],
          },
        },
        // The follower polls the run; its `reload` says the run has ended.
        following: {
          tags: 'following',
          on: { reload: 'settling' },
        },
        settling: {
          tags: 'settling',
          entry: ['forgetAnswers', 'reloadSummary', 'reloadList'],
          on: {
            'xstate.snapshot.summary': {
              guard: { type: 'hasAnswered', params: ({ event }) => ({ snapshot: event.snapshot }) },
              actions: assign({ summaryFresh: true }),
            },
            'xstate.snapshot.list': {
              guard: { type: 'hasAnswered', params: ({ event }) => ({ snapshot: event.snapshot }) },
              actions: assign({ listFresh: true }),
            },
          },
          always: { guard: 'bothAnswered', target: 'settled' },
        },
        // The figures shown are the run's final ones (or a finished run's, as opened).
        settled: {},
      },
    },
  },
});
