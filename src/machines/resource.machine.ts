import { assign, fromPromise, setup } from 'xstate';

// One record (or one unpaged list) of the evaluation backend by its id: an evaluation script's details,
// an experiment's runs (spec §7: that call is unpaged), a run's summary. Loading, loaded, empty (an empty
// list), or failed; Try again from failed. A parent's `resource.reload` fetches again; what was loaded stays
// shown meanwhile (`refreshing`). The id reaching this machine is already a positive integer (services/route-id).

export type ResourceInput = { id: number };

export type ResourceContext = {
  id: number;
  data: unknown;
  error: string | null;
};

export type ResourceEvent =
  | { type: 'user.retry' }
  /** From a parent: the record changed on the server (a run started or ended). */
  | { type: 'resource.reload' };

const notProvided = (name: string) => () => {
  throw new Error(`${name} not provided`);
};

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong.');

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    input: {} as ResourceInput,
    events: {} as ResourceEvent,
    tags: {} as 'busy' | 'empty' | 'failed',
  },
  actors: {
    fetchResource: fromPromise<unknown, { id: number }>(notProvided('fetchResource')),
  },
  guards: {
    isEmptyList: (_, params: { data: unknown }) => Array.isArray(params.data) && params.data.length === 0,
  },
  actions: {
    assignData: assign((_, params: { data: unknown }) => ({ data: params.data, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ data: null, error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ id: input.id, data: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchResource',
        src: 'fetchResource',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'isEmptyList', params: ({ event }) => ({ data: event.output }) },
            target: 'empty',
            actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) },
          },
          { target: 'loaded', actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      // A reload during a fetch starts it again: the answer on its way may predate the change.
      on: { 'resource.reload': { target: 'loading', reenter: true } },
    },
    loaded: {
      on: { 'resource.reload': 'refreshing' },
    },
    // Fetching again with the loaded data still shown.
    refreshing: {
      invoke: {
        id: 'fetchResource',
        src: 'fetchResource',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'isEmptyList', params: ({ event }) => ({ data: event.output }) },
            target: 'empty',
            actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) },
          },
          { target: 'loaded', actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'resource.reload': { target: 'refreshing', reenter: true } },
    },
    empty: {
      tags: 'empty',
      on: { 'resource.reload': 'loading' },
    },
    failed: {
      tags: 'failed',
      on: { 'user.retry': 'loading', 'resource.reload': 'loading' },
    },
  },
});
