import { assign, fromPromise, setup } from 'xstate';
import type { PassedRow } from '../domain/passed-run-result';
import type { RunResultWithNames } from '../domain/workbench-types';
import { messageOf } from '../domain/error-message';
import { hasNoRouteId } from '../domain/route-id';
import { notProvided } from './not-provided';

// Spec §2 /experiment-run-result-details/{id}: the results table passes the row along (history state) and it
// shows at once; opened from an address or a new tab (issue 14), the result is fetched by its id. Either way
// the catalogue's names of its judged products are fetched with it. A Metrics grid folds away, and Back
// returns to the run's results at the page the person came from (page 1 when it was opened by address).
// An id the server does not know: 'No run result details found. Please go back and try again.'

/** What the results table hands to the details screen: the row, its run and the results page. */
export type PassedRunResult = PassedRow;

export type RunResultDetailsInput = { passed: PassedRunResult | null; resultId: number | null };

export type RunResultDetailsContext = RunResultDetailsInput & {
  /** Catalogue names of the judged products, once fetched. */
  names: Record<string, string> | null;
  error: string | null;
};

export type RunResultDetailsEvent = { type: 'user.toggleMetrics' } | { type: 'user.back' } | { type: 'user.retry' };

export const runResultDetailsMachine = setup({
  types: {
    context: {} as RunResultDetailsContext,
    input: {} as RunResultDetailsInput,
    events: {} as RunResultDetailsEvent,
    tags: {} as 'missing' | 'metricsOpen' | 'loading' | 'failed',
  },
  actors: {
    fetchResult: fromPromise<RunResultWithNames | null, { id: number }>(notProvided('fetchResult')),
  },
  guards: {
    hasNoRouteId,
    wasPassed: ({ context }) => context.passed !== null,
    isNull: (_, params: { result: RunResultWithNames | null }) => params.result === null,
    hasNames: ({ context }) => context.names !== null,
  },
  actions: {
    /** Moves to another screen (wouter's navigate). */
    navigateTo: notProvided<{ path: string }>('navigateTo'),
    assignFetched: assign((_, params: { result: RunResultWithNames }) => {
      const { product_names: names, run_id: runId, ...result } = params.result;
      return { passed: { result, runId: runId ?? 0, page: 1 }, names };
    }),
    assignNames: assign((_, params: { result: RunResultWithNames | null }) => ({ names: params.result?.product_names ?? {} })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'runResultDetails',
  context: ({ input }) => ({ passed: input.passed, resultId: input.resultId, names: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'wasPassed', target: 'showing' },
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.resultId }) }, target: 'missing' },
        { target: 'fetching' },
      ],
    },
    fetching: {
      tags: 'loading',
      invoke: {
        id: 'fetchResult',
        src: 'fetchResult',
        input: ({ context }) => ({ id: context.resultId! }),
        onDone: [
          { guard: { type: 'isNull', params: ({ event }) => ({ result: event.output }) }, target: 'missing' },
          { target: 'showing', actions: { type: 'assignFetched', params: ({ event }) => ({ result: event.output! }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { tags: 'failed', on: { 'user.retry': 'fetching' } },
    missing: { tags: 'missing' },
    showing: {
      type: 'parallel',
      on: {
        'user.back': {
          actions: {
            type: 'navigateTo',
            params: ({ context }) => ({ path: `/experiment-run-results/${context.passed!.runId}?page=${context.passed!.page}` }),
          },
        },
      },
      states: {
        metrics: {
          initial: 'open',
          states: {
            open: { tags: 'metricsOpen', on: { 'user.toggleMetrics': 'closed' } },
            closed: { on: { 'user.toggleMetrics': 'open' } },
          },
        },
        // A passed row comes without the catalogue's names: fetched beside it; without them, ids show.
        names: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasNames', target: 'known' }, { target: 'loading' }] },
            loading: {
              invoke: {
                id: 'fetchNames',
                src: 'fetchResult',
                input: ({ context }) => ({ id: context.passed!.result.id }),
                onDone: { target: 'known', actions: { type: 'assignNames', params: ({ event }) => ({ result: event.output }) } },
                onError: 'known',
              },
            },
            known: {},
          },
        },
      },
    },
  },
});
