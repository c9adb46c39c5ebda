import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import { tryRequest } from '../../domain/experiments/try-request';
import type { Draft } from '../../domain/experiments/experiment-draft';
import type { TryQuery, TryResult } from '../../domain/experiments/workbench-types';

// 'Try a query' in the experiment form: one query sent through the search target as the form has
// it now (saved or not). The answer shows the hits as parsed, each graded by the chosen golden set, the
// time taken, or what went wrong (with the start of the raw answer when a pointer did not fit it). A
// target the form cannot describe yet (a malformed header line, no query typed) is said without a call.

export type TryQueryContext = {
  query: string;
  /** What the last try sent. */
  request: TryQuery | null;
  result: TryResult | null;
  /** Why the call failed or could not be made; a search that failed is the result's `problem`. */
  error: string | null;
};

export type TryQueryEvent = { type: 'user.queryChanged'; query: string } | { type: 'user.try'; draft: Draft };

export const tryQueryMachine = setup({
  types: {
    context: {} as TryQueryContext,
    events: {} as TryQueryEvent,
    tags: {} as 'trying',
  },
  actors: {
    tryQuery: fromPromise<TryResult, TryQuery>(notProvided('tryQuery')),
  },
  guards: {
    canAsk: ({ context }, params: { draft: Draft }) => 'request' in tryRequest(params.draft, context.query),
  },
  actions: {
    setQuery: assign((_, params: { query: string }) => ({ query: params.query })),
    setRequest: assign(({ context }, params: { draft: Draft }) => {
      const made = tryRequest(params.draft, context.query);
      return 'request' in made ? { request: made.request, error: null } : {};
    }),
    explainRequest: assign(({ context }, params: { draft: Draft }) => {
      const made = tryRequest(params.draft, context.query);
      return { result: null, error: 'problem' in made ? made.problem : null };
    }),
    assignResult: assign((_, params: { result: TryResult }) => ({ result: params.result, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ result: null, error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'tryQuery',
  context: { query: '', request: null, result: null, error: null },
  initial: 'idle',
  on: {
    'user.queryChanged': { actions: { type: 'setQuery', params: ({ event }) => event } },
    'user.try': [
      {
        guard: { type: 'canAsk', params: ({ event }) => event },
        target: '.trying',
        actions: { type: 'setRequest', params: ({ event }) => event },
      },
      { target: '.idle', actions: { type: 'explainRequest', params: ({ event }) => event } },
    ],
  },
  states: {
    idle: {},
    trying: {
      tags: 'trying',
      invoke: {
        id: 'tryQuery',
        src: 'tryQuery',
        input: ({ context }) => context.request!,
        onDone: { target: 'answered', actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      // One try at a time: the answer belongs to the query it was asked for.
      on: { 'user.try': {} },
    },
    answered: {},
    failed: {},
  },
});
