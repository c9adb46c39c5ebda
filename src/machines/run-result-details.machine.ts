import { setup } from 'xstate';
import type { PassedRow } from '../domain/passed-run-result';
import { notProvided } from './not-provided';

// Spec §2 /experiment-run-result-details/{id}: the results table passes the row along (history state);
// without it the screen says so. With it: a Metrics grid that folds away, and Back to the run's results
// at the page the person came from.

/** What the results table hands to the details screen: the row, its run and the results page. */
export type PassedRunResult = PassedRow;

export type RunResultDetailsInput = { passed: PassedRunResult | null };

export type RunResultDetailsContext = RunResultDetailsInput;

export type RunResultDetailsEvent = { type: 'user.toggleMetrics' } | { type: 'user.back' };

export const runResultDetailsMachine = setup({
  types: {
    context: {} as RunResultDetailsContext,
    input: {} as RunResultDetailsInput,
    events: {} as RunResultDetailsEvent,
    tags: {} as 'missing' | 'metricsOpen',
  },
  guards: {
    wasPassed: ({ context }) => context.passed !== null,
  },
  actions: {
    /** Moves to another screen (wouter's navigate). */
    navigateTo: notProvided<{ path: string }>('navigateTo'),
  },
}).createMachine({
  id: 'runResultDetails',
  context: ({ input }) => ({ passed: input.passed }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'wasPassed', target: 'showing' }, { target: 'missing' }],
    },
    missing: { tags: 'missing' },
    showing: {
      initial: 'metricsOpen',
      on: {
        'user.back': {
          actions: {
            type: 'navigateTo',
            params: ({ context }) => ({ path: `/experiment-run-results/${context.passed!.runId}?page=${context.passed!.page}` }),
          },
        },
      },
      states: {
        metricsOpen: { tags: 'metricsOpen', on: { 'user.toggleMetrics': 'metricsClosed' } },
        metricsClosed: { on: { 'user.toggleMetrics': 'metricsOpen' } },
      },
    },
  },
});
