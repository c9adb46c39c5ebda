import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import type { CoverageAnswer } from '../../domain/experiments/workbench-types';

// The experiment form's coverage: how many of the dataset's queries the golden set judges above 0 — "52 of 60 queries
// have relevant judgements; 8 will not be scored" — with the list. Asked again whenever the form picks
// another dataset or golden set; nothing to say until both are chosen. A newer choice replaces the
// answer still coming for the old one.

export type CoveragePair = { goldenSetId: number | null; datasetId: number | null };

export type CoverageContext = CoveragePair & { coverage: CoverageAnswer | null; error: string | null };

export type CoverageEvent = ({ type: 'coverage.for' } & CoveragePair) | { type: 'user.retry' };

export const coverageMachine = setup({
  types: {
    context: {} as CoverageContext,
    input: {} as CoveragePair,
    events: {} as CoverageEvent,
    tags: {} as 'loading',
  },
  actors: {
    fetchCoverage: fromPromise<CoverageAnswer, { goldenSetId: number; datasetId: number }>(notProvided('fetchCoverage')),
  },
  guards: {
    isComplete: ({ context }) => context.goldenSetId !== null && context.datasetId !== null,
    isOtherPair: ({ context }, params: CoveragePair) =>
      params.goldenSetId !== context.goldenSetId || params.datasetId !== context.datasetId,
  },
  actions: {
    setPair: assign((_, params: CoveragePair) => ({ goldenSetId: params.goldenSetId, datasetId: params.datasetId, coverage: null })),
    assignCoverage: assign((_, params: { coverage: CoverageAnswer }) => ({ coverage: params.coverage, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'coverage',
  context: ({ input }) => ({ goldenSetId: input.goldenSetId, datasetId: input.datasetId, coverage: null, error: null }),
  initial: 'choosing',
  on: {
    'coverage.for': {
      guard: { type: 'isOtherPair', params: ({ event }) => event },
      target: '.choosing',
      actions: { type: 'setPair', params: ({ event }) => event },
    },
  },
  states: {
    // A dataset or golden set is still to be chosen: nothing to count.
    choosing: {
      always: { guard: 'isComplete', target: 'loading' },
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchCoverage',
        src: 'fetchCoverage',
        input: ({ context }) => ({ goldenSetId: context.goldenSetId!, datasetId: context.datasetId! }),
        onDone: { target: 'loaded', actions: { type: 'assignCoverage', params: ({ event }) => ({ coverage: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: {},
    failed: { on: { 'user.retry': 'loading' } },
  },
});
