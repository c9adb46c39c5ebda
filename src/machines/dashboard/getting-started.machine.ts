import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { allDone, checklistSteps, type GettingStartedStatus, type GettingStartedStep } from '../../domain/dashboard/getting-started';

// The dashboard's "Get started" checklist: hidden at once when this browser dismissed it, else the steps load
// from the server and show, unless every one is done. Dismissing it hides it and remembers that. It adds
// nothing when the steps fail to load: the dashboard's counts above already say the server is not answering.

export type GettingStartedContext = { steps: GettingStartedStep[] };

export type GettingStartedEvent = { type: 'user.dismiss' };

export const gettingStartedMachine = setup({
  types: {
    context: {} as GettingStartedContext,
    events: {} as GettingStartedEvent,
    tags: {} as 'shown',
  },
  actors: {
    fetchSteps: fromPromise<GettingStartedStatus[]>(notProvided('fetchSteps')),
  },
  guards: {
    wasDismissed: notProvided('wasDismissed'),
    allDone: (_, params: { steps: GettingStartedStatus[] }) => allDone(params.steps),
  },
  actions: {
    assignSteps: assign((_, params: { steps: GettingStartedStatus[] }) => ({ steps: checklistSteps(params.steps) })),
    rememberDismissal: notProvided('rememberDismissal'),
  },
}).createMachine({
  id: 'gettingStarted',
  context: { steps: [] },
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'wasDismissed', target: 'dismissed' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'fetchSteps',
        src: 'fetchSteps',
        onDone: [
          { guard: { type: 'allDone', params: ({ event }) => ({ steps: event.output }) }, target: 'complete' },
          { target: 'shown', actions: { type: 'assignSteps', params: ({ event }) => ({ steps: event.output }) } },
        ],
        onError: 'unavailable',
      },
    },
    shown: {
      tags: 'shown',
      on: { 'user.dismiss': { target: 'dismissed', actions: 'rememberDismissal' } },
    },
    complete: { type: 'final' },
    dismissed: { type: 'final' },
    unavailable: { type: 'final' },
  },
});
