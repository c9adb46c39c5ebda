import { assign, fromPromise, setup } from 'xstate';
import type { RunResultWithNames } from '../../domain/experiments/workbench-types';
import { messageOf } from '../../domain/shared/error-message';
import type { ComparePairParams } from '../../domain/compare/compare-links';
import { notProvided } from '../shared/not-provided';

// The /compare/pair?baseline_result=X&candidate_result=Y page: one query's two run results side by side. Both
// are fetched at once by id (the call the result details screen makes, names of judged products included,
// with the number of its run, by which the page names it), each on its own: one the server does not know is `missing` for good, one that failed can be fetched again
// (Try again fetches only the failed ones). The page shows when both have come. An address without both ids
// is `invalid`, with no call.

export type ComparePairInput = ComparePairParams;

export type Side = 'baseline' | 'candidate';

/** A side's result, with its run's number in its experiment (null when the run has none, or is gone). */
export type PairResult = RunResultWithNames & { runNumber: number | null };

export type ComparePairContext = ComparePairInput & {
  baseline: PairResult | null;
  candidate: PairResult | null;
  baselineError: string | null;
  candidateError: string | null;
  /** The server has no result of that id. */
  baselineMissing: boolean;
  candidateMissing: boolean;
};

export type ComparePairEvent = { type: 'user.retry' };

type Fetched = { result: PairResult | null };

/** One side's fetch: fetching, then loaded, missing (final) or failed (fetched again on Try again). */
function sideStates(side: Side) {
  const id = side === 'baseline' ? 'fetchBaseline' : 'fetchCandidate';
  return {
    initial: 'fetching' as const,
    states: {
      fetching: {
        tags: 'loading' as const,
        invoke: {
          id,
          src: 'fetchResult' as const,
          input: ({ context }: { context: ComparePairContext }) => ({
            id: (side === 'baseline' ? context.baselineResultId : context.candidateResultId)!,
          }),
          onDone: [
            {
              guard: {
                type: 'isNull' as const,
                params: ({ event }: { event: { output: PairResult | null } }) => ({ result: event.output }),
              },
              target: 'missing' as const,
              actions: { type: 'assignMissing' as const, params: { side } },
            },
            {
              target: 'loaded' as const,
              actions: {
                type: 'assignResult' as const,
                params: ({ event }: { event: { output: PairResult | null } }) => ({ side, result: event.output }),
              },
            },
          ],
          onError: {
            target: 'failed' as const,
            actions: { type: 'assignError' as const, params: ({ event }: { event: { error: unknown } }) => ({ side, error: event.error }) },
          },
        },
      },
      failed: { tags: 'failed' as const, on: { 'user.retry': 'fetching' as const } },
      missing: { type: 'final' as const },
      loaded: { type: 'final' as const },
    },
  };
}

export const comparePairMachine = setup({
  types: {
    context: {} as ComparePairContext,
    input: {} as ComparePairInput,
    events: {} as ComparePairEvent,
    tags: {} as 'invalid' | 'loading' | 'failed' | 'showing',
  },
  actors: {
    fetchResult: fromPromise<PairResult | null, { id: number }>(notProvided('fetchResult')),
  },
  guards: {
    hasNoIds: ({ context }) => context.baselineResultId === null || context.candidateResultId === null,
    isNull: (_, params: Fetched) => params.result === null,
    hasBoth: ({ context }) => context.baseline !== null && context.candidate !== null,
  },
  actions: {
    assignResult: assign((_, params: { side: Side; result: PairResult | null }) => ({ [params.side]: params.result })),
    assignMissing: assign((_, params: { side: Side }) => ({ [`${params.side}Missing`]: true })),
    assignError: assign((_, params: { side: Side; error: unknown }) => ({ [`${params.side}Error`]: messageOf(params.error) })),
  },
}).createMachine({
  id: 'comparePair',
  context: ({ input }) => ({
    ...input,
    baseline: null,
    candidate: null,
    baselineError: null,
    candidateError: null,
    baselineMissing: false,
    candidateMissing: false,
  }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasNoIds', target: 'invalid' }, { target: 'fetching' }] },
    invalid: { tags: 'invalid' },
    fetching: {
      type: 'parallel',
      states: { baseline: sideStates('baseline'), candidate: sideStates('candidate') },
      // Both sides settled for good: both came, or one (or both) is not on the server.
      onDone: [{ guard: 'hasBoth', target: 'showing' }, { target: 'missing' }],
    },
    missing: {},
    showing: { tags: 'showing' },
  },
});
