import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import type { ActivityMonth } from '../../domain/dashboard/monthly-activity';
import { messageOf } from '../../domain/shared/error-message';

// The dashboard (/): two loads side by side. The five counts (datasets and entries, exact, from the evaluation
// service's totals; golden sets, evaluations and experiments from the evaluation backend's) for the cards and the
// pie; the months' activity (GET activity) for Monthly Activity. 'Loading dashboard...' while either loads; each
// failure shows its message and is retried on its own.

export type DashboardCounts = { datasets: number; datasetEntries: number; goldenSets: number; evaluations: number; experiments: number };

export type DashboardContext = {
  counts: DashboardCounts | null;
  activity: ActivityMonth[] | null;
  countsError: string | null;
  activityError: string | null;
};

export type DashboardEvent = { type: 'user.retry' } | { type: 'user.retryActivity' };

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    tags: {} as 'busy' | 'countsFailed' | 'activityFailed',
  },
  actors: {
    fetchCounts: fromPromise<DashboardCounts>(notProvided('fetchCounts')),
    fetchActivity: fromPromise<ActivityMonth[]>(notProvided('fetchActivity')),
  },
  actions: {
    assignCounts: assign((_, params: { counts: DashboardCounts }) => ({ counts: params.counts, countsError: null })),
    assignCountsError: assign((_, params: { error: unknown }) => ({ countsError: messageOf(params.error) })),
    assignActivity: assign((_, params: { activity: ActivityMonth[] }) => ({ activity: params.activity, activityError: null })),
    assignActivityError: assign((_, params: { error: unknown }) => ({ activityError: messageOf(params.error) })),
  },
}).createMachine({
  id: 'dashboard',
  context: { counts: null, activity: null, countsError: null, activityError: null },
  type: 'parallel',
  states: {
    counts: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'fetchCounts',
            src: 'fetchCounts',
            onDone: { target: 'ready', actions: { type: 'assignCounts', params: ({ event }) => ({ counts: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignCountsError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: { tags: 'countsFailed', on: { 'user.retry': 'loading' } },
      },
    },
    activity: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'fetchActivity',
            src: 'fetchActivity',
            onDone: { target: 'ready', actions: { type: 'assignActivity', params: ({ event }) => ({ activity: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignActivityError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: { tags: 'activityFailed', on: { 'user.retryActivity': 'loading' } },
      },
    },
  },
});
