import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';

// The dashboard (/): 'Loading dashboard...' while the four real counts load (datasets and entries, exact, from the
// evaluation service's totals; golden sets and experiments from the evaluation backend's); evaluations are a
// sample placeholder, as no server has them. A failure shows its message and can be retried.

export type ServiceCounts = { datasets: number; datasetEntries: number; goldenSets: number; experiments: number };

export type DashboardCounts = ServiceCounts & { evaluations: number };

export type DashboardContext = {
  placeholders: { evaluations: number };
  counts: DashboardCounts | null;
  error: string | null;
};

export type DashboardInput = { placeholders: DashboardContext['placeholders'] };

export type DashboardEvent = { type: 'user.retry' };

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    input: {} as DashboardInput,
    events: {} as DashboardEvent,
    tags: {} as 'busy' | 'failed',
  },
  actors: {
    fetchCounts: fromPromise<ServiceCounts>(notProvided('fetchCounts')),
  },
  actions: {
    assignCounts: assign(({ context }, params: ServiceCounts) => ({
      counts: { ...context.placeholders, ...params },
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ placeholders: input.placeholders, counts: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchCounts',
        src: 'fetchCounts',
        onDone: { target: 'ready', actions: { type: 'assignCounts', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {},
    failed: {
      tags: 'failed',
      on: { 'user.retry': 'loading' },
    },
  },
});
