import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './not-provided';
import type { ReloadEvent } from './reload';
import { messageOf } from '../../domain/shared/error-message';
import { hasNoRouteId } from '../../domain/shell/route-id';

// One record (or one unpaged list) of the evaluation backend by its id: an evaluation script's details,
// an experiment's runs (that call is unpaged), a run's summary. Loading, loaded, empty (an empty list), missing
// (the server has no record of that id: the fetch answered null), or failed; Try again from failed. `reload`
// (from whatever changed the record) fetches again; what was loaded stays shown meanwhile (`refreshing`).
// Without a valid route id (null) it is `notFound` at once.

export type ResourceInput = { id: number | null };

export type ResourceContext = {
  /** From the address; null (no valid id) only in `notFound`, which nothing leaves. */
  id: number | null;
  data: unknown;
  error: string | null;
};

export type ResourceEvent =
  | { type: 'user.retry' }
  /** The record changed on the server (a run started or ended). */
  | ReloadEvent;

/** The fetch of `loading` and of `refreshing`: an empty list, the record, or the failure. */
const fetchResource = {
  id: 'fetchResource',
  src: 'fetchResource',
  input: ({ context }: { context: ResourceContext }) => ({ id: context.id! }),
  onDone: [
    { guard: { type: 'isMissing', params: ({ event }: { event: { output: unknown } }) => ({ data: event.output }) }, target: 'missing' },
    {
      guard: { type: 'isEmptyList', params: ({ event }: { event: { output: unknown } }) => ({ data: event.output }) },
      target: 'empty',
      actions: { type: 'assignData', params: ({ event }: { event: { output: unknown } }) => ({ data: event.output }) },
    },
    { target: 'loaded', actions: { type: 'assignData', params: ({ event }: { event: { output: unknown } }) => ({ data: event.output }) } },
  ],
  onError: {
    target: 'failed',
    actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  },
} as const;

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    input: {} as ResourceInput,
    events: {} as ResourceEvent,
    tags: {} as 'busy' | 'empty' | 'failed' | 'notFound' | 'missing',
  },
  actors: {
    fetchResource: fromPromise<unknown, { id: number }>(notProvided('fetchResource')),
  },
  guards: {
    hasNoRouteId,
    isMissing: (_, params: { data: unknown }) => params.data === null,
    isEmptyList: (_, params: { data: unknown }) => Array.isArray(params.data) && params.data.length === 0,
  },
  actions: {
    assignData: assign((_, params: { data: unknown }) => ({ data: params.data, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ data: null, error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ id: input.id, data: null, error: null }),
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.id }) }, target: 'notFound' },
        { target: 'loading' },
      ],
    },
    notFound: { tags: 'notFound' },
    // The server has no such record; nothing leaves this either.
    missing: { tags: 'missing' },
    loading: {
      tags: 'busy',
      invoke: fetchResource,
      // A reload during a fetch starts it again: the answer on its way may predate the change.
      on: { reload: { target: 'loading', reenter: true } },
    },
    loaded: {
      on: { reload: 'refreshing' },
    },
    // Fetching again with the loaded data still shown.
    refreshing: {
      invoke: fetchResource,
      on: { reload: { target: 'refreshing', reenter: true } },
    },
    empty: {
      tags: 'empty',
      on: { reload: 'loading' },
    },
    failed: {
      tags: 'failed',
      on: { 'user.retry': 'loading', reload: 'loading' },
    },
  },
});
