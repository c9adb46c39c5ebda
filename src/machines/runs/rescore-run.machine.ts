import { assign, fromPromise, setup } from 'xstate';
import type { ExperimentRun } from '../../domain/experiments/evaluation-backend-types';
import { messageOf } from '../../domain/shared/error-message';
import { notProvided } from '../shared/not-provided';

// Rescore: a finished run scored again against its golden set as it is now, from its stored rankings.
// The server makes a new run (a rescore of this one) and the console goes to that run's page; a refusal (409:
// not finished, no golden set) stays beside the button.

export type RescoreRunEvent = { type: 'user.rescore'; runId: number };

export const rescoreRunMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as RescoreRunEvent,
    tags: {} as 'busy',
  },
  actors: {
    rescoreRun: fromPromise<ExperimentRun, { runId: number }>(notProvided('rescoreRun')),
  },
  actions: {
    navigateTo: notProvided<{ path: string }>('navigateTo'),
  },
}).createMachine({
  id: 'rescoreRun',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.rescore': { target: 'rescoring', actions: assign({ error: null }) } },
    },
    rescoring: {
      tags: 'busy',
      invoke: {
        id: 'rescoreRun',
        src: 'rescoreRun',
        input: ({ event }) => ({ runId: (event as RescoreRunEvent).runId }),
        onDone: {
          target: 'idle',
          actions: { type: 'navigateTo', params: ({ event }) => ({ path: `/experiment-run-results/${event.output.id}` }) },
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
