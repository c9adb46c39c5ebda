import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import type { DemoDataState, DemoRemoval } from '../../domain/demo/demo-data';
import { messageOf, RefusalError } from '../../domain/shared/error-message';

// The dashboard's 'Demo data' panel (admins; the view starts it only for them): whether the demo data is
// there and how much of it (loading → present, or absent and nothing is shown), 'Remove demo data' asking
// first (confirming → removing), then what was removed and kept (removed). A refusal trying again cannot
// change (the 409 naming the runs or a person's experiments that use demo data) goes to `refused`, where only
// Close is left; any other failure goes back to confirming with the message, to try again.

export type DemoDataRemovalContext = {
  state: DemoDataState | null;
  removal: DemoRemoval | null;
  error: string | null;
};

export type DemoDataRemovalEvent = { type: 'user.retry' } | { type: 'user.open' } | { type: 'user.cancel' } | { type: 'user.confirm' };

export const demoDataRemovalMachine = setup({
  types: {
    context: {} as DemoDataRemovalContext,
    events: {} as DemoDataRemovalEvent,
    tags: {} as 'loadFailed' | 'present' | 'dialogOpen' | 'busy' | 'refused' | 'removed',
  },
  actors: {
    fetchState: fromPromise<DemoDataState>(notProvided('fetchState')),
    removeDemoData: fromPromise<DemoRemoval>(notProvided('removeDemoData')),
  },
  guards: {
    isPresent: (_, params: { state: DemoDataState }) => params.state.present,
    isRefusal: (_, params: { error: unknown }) => params.error instanceof RefusalError,
  },
  actions: {
    assignState: assign((_, params: { state: DemoDataState }) => ({ state: params.state, error: null })),
    assignRemoval: assign((_, params: { removal: DemoRemoval }) => ({ removal: params.removal, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'demoDataRemoval',
  context: { state: null, removal: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchState',
        src: 'fetchState',
        onDone: [
          {
            guard: { type: 'isPresent', params: ({ event }) => ({ state: event.output }) },
            target: 'present',
            actions: { type: 'assignState', params: ({ event }) => ({ state: event.output }) },
          },
          { target: 'absent', actions: { type: 'assignState', params: ({ event }) => ({ state: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      tags: 'loadFailed',
      on: { 'user.retry': { target: 'loading', actions: 'clearError' } },
    },
    // No demo data: the panel shows nothing, and nothing leaves this.
    absent: {},
    present: {
      tags: 'present',
      on: { 'user.open': 'confirming' },
    },
    confirming: {
      tags: ['present', 'dialogOpen'],
      on: {
        'user.cancel': { target: 'present', actions: 'clearError' },
        'user.confirm': 'removing',
      },
    },
    removing: {
      tags: ['present', 'dialogOpen', 'busy'],
      invoke: {
        id: 'removeDemoData',
        src: 'removeDemoData',
        onDone: { target: 'removed', actions: { type: 'assignRemoval', params: ({ event }) => ({ removal: event.output }) } },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'confirming', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    refused: {
      tags: ['present', 'dialogOpen', 'refused'],
      on: { 'user.cancel': { target: 'present', actions: 'clearError' } },
    },
    // What was removed and kept stays said; the demo data is gone, so nothing is offered any more.
    removed: { tags: 'removed' },
  },
});
