import { assign, fromPromise, setup } from 'xstate';
import type { ExperimentRun } from '../../domain/experiments/evaluation-backend-types';
import {
  DEFAULT_CHOICE,
  choiceReady,
  rescoreBody,
  type Aggregate,
  type JudgesChoice,
  type Rater,
  type RaterChoice,
  type RescoreBody,
} from '../../domain/runs/run-judges';
import { messageOf } from '../../domain/shared/error-message';
import { notProvided } from '../shared/not-provided';

// Rescore: a finished run scored again against its golden set as it is now, from its stored rankings.
// The server makes a new run (a rescore of this one) and the console goes to that run's page; a refusal (409:
// not finished, no golden set) stays beside the button. Where the run's page offers it, Rescore first asks whose
// ratings grade the pairs (every rater, one kind, raters picked from the set's) and by which rule; the set's
// raters are read while the choice is open, for picking.

export type RescoreRunEvent =
  | { type: 'user.rescore'; runId: number }
  | { type: 'user.chooseJudges'; runId: number; goldenSetId: number }
  | { type: 'user.pickRaters'; raters: RaterChoice }
  | { type: 'user.toggleRater'; raterId: number }
  | { type: 'user.pickRule'; aggregate: Aggregate | 'set' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

type RescoreInput = { runId: number; body: RescoreBody };

interface Context {
  error: string | null;
  runId: number | null;
  goldenSetId: number | null;
  choice: JudgesChoice;
  /** The golden set's raters, once read; null while reading or when they could not be. */
  raters: Rater[] | null;
  ratersError: string | null;
}

export const rescoreRunMachine = setup({
  types: {
    context: {} as Context,
    events: {} as RescoreRunEvent,
    tags: {} as 'busy' | 'choosing',
  },
  actors: {
    rescoreRun: fromPromise<ExperimentRun, RescoreInput>(notProvided('rescoreRun')),
    fetchRaters: fromPromise<Rater[], { goldenSetId: number }>(notProvided('fetchRaters')),
  },
  actions: {
    navigateTo: notProvided<{ path: string }>('navigateTo'),
  },
  guards: {
    ready: ({ context }) => choiceReady(context.choice),
  },
}).createMachine({
  id: 'rescoreRun',
  context: { error: null, runId: null, goldenSetId: null, choice: DEFAULT_CHOICE, raters: null, ratersError: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.rescore': {
          target: 'rescoring',
          actions: assign({ error: null, runId: ({ event }) => event.runId, choice: DEFAULT_CHOICE }),
        },
        'user.chooseJudges': {
          target: 'choosing',
          actions: assign({
            error: null,
            runId: ({ event }) => event.runId,
            goldenSetId: ({ event }) => event.goldenSetId,
            choice: DEFAULT_CHOICE,
            raters: null,
            ratersError: null,
          }),
        },
      },
    },
    choosing: {
      tags: 'choosing',
      invoke: {
        id: 'fetchRaters',
        src: 'fetchRaters',
        input: ({ context }) => ({ goldenSetId: context.goldenSetId! }),
        onDone: { actions: assign({ raters: ({ event }) => event.output }) },
        onError: { actions: assign({ ratersError: ({ event }) => messageOf(event.error) }) },
      },
      on: {
        'user.pickRaters': { actions: assign({ choice: ({ context, event }) => ({ ...context.choice, raters: event.raters }) }) },
        'user.toggleRater': {
          actions: assign({
            choice: ({ context, event }) => {
              const { picked } = context.choice;
              const next = picked.includes(event.raterId) ? picked.filter((id) => id !== event.raterId) : [...picked, event.raterId];
              return { ...context.choice, picked: next };
            },
          }),
        },
        'user.pickRule': { actions: assign({ choice: ({ context, event }) => ({ ...context.choice, aggregate: event.aggregate }) }) },
        'user.confirm': { guard: 'ready', target: 'rescoring' },
        'user.cancel': { target: 'idle' },
      },
    },
    rescoring: {
      tags: 'busy',
      invoke: {
        id: 'rescoreRun',
        src: 'rescoreRun',
        input: ({ context }) => ({ runId: context.runId!, body: rescoreBody(context.choice) }),
        onDone: {
          target: 'idle',
          actions: { type: 'navigateTo', params: ({ event }) => ({ path: `/experiment-run-results/${event.output.id}` }) },
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
