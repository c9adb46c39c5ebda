import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { hasNoRouteId } from '../../domain/shell/route-id';
import { evaluationsAddress } from '../../domain/shell/origin';
import { EVALUATION_RESULT_FILTER, evaluationRun, isScoring, type EvaluationDetails } from '../../domain/evaluations/evaluation-results';
import { fileExportMachine } from '../shared/file-export.machine';
import { filterFromSearch, pagedListMachine, pageFromSearch, type ListFilter } from '../shared/paged-list.machine';
import { notProvided } from '../shared/not-provided';
import { resourceMachine } from '../shared/resource.machine';
import type { ReloadEvent, ReloadTarget } from '../shared/reload';
import { runProgressMachine } from '../runs/run-progress.machine';
import { comparableRunsMachine } from '../compare/comparable-runs.machine';

// The /evaluations/{id} page: the evaluation (the one-record machine: its name, what it was scored with, its
// means), its exports, and its queries' results, paged, filtered by completion and query text and sorted by a
// metric or the query (the list's filter, in the address with the page). Without a valid id in the address
// the page is `notFound`; an id the server does not know, `missing`.
// An evaluation still being scored is followed by the runs' one watcher (run-progress, spawned as `follower`)
// through its run: its progress shows, its means and queries do not (they would be a moment already past).
// When the scoring ends, the evaluation and its queries are both fetched again and shown once both have
// answered, so the figures above and in the table are of the same, final, state.
// 'Back to Evaluations' returns to the list the person came from, at its page (the origin), else to its first.

export type EvaluationDetailInput = {
  evaluationId: number | null;
  page: number;
  filter?: ListFilter;
  /** The address the page was reached from (domain/shell/origin), or null. */
  origin: string | null;
};

export const evaluationDetailInput = (evaluationId: number | null, search: string, origin: string | null): EvaluationDetailInput => ({
  evaluationId,
  page: pageFromSearch(search),
  filter: filterFromSearch(search, EVALUATION_RESULT_FILTER),
  origin,
});

export type EvaluationDetailContext = {
  evaluationId: number | null;
  origin: string | null;
  evaluation: ActorRefFrom<typeof resourceMachine>;
  list: ActorRefFrom<typeof pagedListMachine>;
  exporter: ActorRefFrom<typeof fileExportMachine>;
  /** "Compare with…": the runs and evaluations its run can be compared with. */
  comparer: ActorRefFrom<typeof comparableRunsMachine>;
  /** While settling: which of the two have answered since they were asked again. */
  evaluationFresh: boolean;
  listFresh: boolean;
};

type ChildSnapshot = SnapshotFrom<typeof resourceMachine> | SnapshotFrom<typeof pagedListMachine>;
type EvaluationSnapshotEvent = { type: 'xstate.snapshot.evaluation'; snapshot: SnapshotFrom<typeof resourceMachine> };

export type EvaluationDetailEvent =
  | EvaluationSnapshotEvent
  | { type: 'xstate.snapshot.list'; snapshot: SnapshotFrom<typeof pagedListMachine> }
  | { type: 'user.back' }
  /** From the follower: the scoring has ended. */
  | ReloadEvent;

const evaluationOf = (snapshot: SnapshotFrom<typeof resourceMachine>) =>
  snapshot.value === 'loaded' ? (snapshot.context.data as EvaluationDetails) : null;

/** A child that has answered: not fetching, nor refreshing what it shows. */
const hasAnswered = (snapshot: ChildSnapshot) => !snapshot.hasTag('busy') && snapshot.value !== 'refreshing';

const answered = (event: EvaluationDetailEvent) => (event as EvaluationSnapshotEvent).snapshot;

export const evaluationDetailMachine = setup({
  types: {
    input: {} as EvaluationDetailInput,
    context: {} as EvaluationDetailContext,
    tags: {} as 'notFound' | 'missing' | 'following' | 'settling',
    events: {} as EvaluationDetailEvent,
    children: {} as { follower: 'runProgress' },
  },
  actors: {
    // src/logic gives each its calls (the evaluation, its results, its exports, its run).
    evaluation: resourceMachine,
    list: pagedListMachine,
    fileExport: fileExportMachine,
    runProgress: runProgressMachine,
    comparableRuns: comparableRunsMachine,
  },
  guards: {
    hasNoRouteId,
    isMissing: (_, params: { snapshot: SnapshotFrom<typeof resourceMachine> }) => params.snapshot.hasTag('missing'),
    isScoring: (_, params: { snapshot: SnapshotFrom<typeof resourceMachine> }) => {
      const evaluation = evaluationOf(params.snapshot);
      return evaluation !== null && isScoring(evaluation);
    },
    hasAnswered: (_, params: { snapshot: ChildSnapshot }) => hasAnswered(params.snapshot),
    bothAnswered: ({ context }) => context.evaluationFresh && context.listFresh,
  },
  actions: {
    /** Moves to another screen (wouter's navigate). */
    navigateTo: notProvided<{ path: string }>('navigateTo'),
    // An evaluation's run has no experiment: the watcher only follows it.
    followRun: spawnChild('runProgress', {
      id: 'follower',
      input: ({ self }) => ({ experimentId: null, reloadTarget: self as unknown as ReloadTarget }),
    }),
    watchRun: sendTo('follower', ({ event }) => ({
      type: 'list.foundActiveRun' as const,
      run: evaluationRun(evaluationOf(answered(event))!),
    })),
    forgetAnswers: assign({ evaluationFresh: false, listFresh: false }),
    reloadEvaluation: sendTo(({ context }) => context.evaluation, { type: 'reload' }),
    reloadList: sendTo(({ context }) => context.list, { type: 'reload' }),
  },
}).createMachine({
  id: 'evaluationDetail',
  context: ({ input, spawn }) => ({
    evaluationId: input.evaluationId,
    origin: input.origin,
    evaluation: spawn('evaluation', { id: 'evaluation', syncSnapshot: true, input: { id: input.evaluationId } }),
    list: spawn('list', { id: 'list', syncSnapshot: true, input: { page: input.page, filter: input.filter, ownerId: input.evaluationId } }),
    exporter: spawn('fileExport', { id: 'exporter' }),
    comparer: spawn('comparableRuns', { id: 'comparer' }),
    evaluationFresh: false,
    listFresh: false,
  }),
  on: {
    'user.back': { actions: { type: 'navigateTo', params: ({ context }) => ({ path: evaluationsAddress(context.origin) }) } },
  },
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.evaluationId }) }, target: 'notFound' },
        { target: 'showing' },
      ],
    },
    // Its flows were started without an id too, so they fetched nothing.
    notFound: { tags: 'notFound' },
    // The server has no evaluation of that id.
    missing: { tags: 'missing' },
    showing: {
      on: {
        'xstate.snapshot.evaluation': {
          guard: { type: 'isMissing', params: ({ event }) => ({ snapshot: event.snapshot }) },
          target: 'missing',
        },
      },
      initial: 'opening',
      states: {
        // Until the evaluation says whether it is still being scored.
        opening: {
          on: {
            'xstate.snapshot.evaluation': [
              { guard: { type: 'isMissing', params: ({ event }) => ({ snapshot: event.snapshot }) }, target: '#evaluationDetail.missing' },
              {
                guard: { type: 'isScoring', params: ({ event }) => ({ snapshot: event.snapshot }) },
                target: 'following',
                actions: ['followRun', 'watchRun'],
              },
              { guard: { type: 'hasAnswered', params: ({ event }) => ({ snapshot: event.snapshot }) }, target: 'settled' },
            ],
          },
        },
        // The follower polls the run; its `reload` says the scoring has ended.
        following: {
          tags: 'following',
          on: { reload: 'settling' },
        },
        settling: {
          tags: 'settling',
          entry: ['forgetAnswers', 'reloadEvaluation', 'reloadList'],
          on: {
            'xstate.snapshot.evaluation': {
              guard: { type: 'hasAnswered', params: ({ event }) => ({ snapshot: event.snapshot }) },
              actions: assign({ evaluationFresh: true }),
            },
            'xstate.snapshot.list': {
              guard: { type: 'hasAnswered', params: ({ event }) => ({ snapshot: event.snapshot }) },
              actions: assign({ listFresh: true }),
            },
          },
          always: { guard: 'bothAnswered', target: 'settled' },
        },
        // The figures shown are the final ones (or a scored evaluation's, as opened).
        settled: {},
      },
    },
  },
});
