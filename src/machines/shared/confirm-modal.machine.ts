import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './not-provided';
import { sendReload, type ReloadInput } from './reload';
import { messageOf, RefusalError } from '../../domain/shared/error-message';

// Every delete asks first. Closed → open (naming what goes) → submitting → closed, or back
// to open with the server's message to try again; a refusal that trying again cannot change (the 409 of a
// dataset that experiments use) goes to `refused`, where only Cancel is left. Cancel and Escape close it
// unless the call is under way. On success its reload target (the paged list) hears `reload`.

export type ConfirmSubject = {
  id: number;
  name: string;
  /** The record it belongs to, for a delete addressed under it (an experiment's alert). */
  ownerId?: number;
};

export type ConfirmModalContext = ReloadInput & {
  subject: ConfirmSubject | null;
  error: string | null;
};

export type ConfirmModalEvent = { type: 'user.open'; subject: ConfirmSubject } | { type: 'user.cancel' } | { type: 'user.confirm' };

export const confirmModalMachine = setup({
  types: {
    context: {} as ConfirmModalContext,
    input: {} as ReloadInput,
    events: {} as ConfirmModalEvent,
    tags: {} as 'modalOpen' | 'busy' | 'refused',
  },
  actors: {
    performAction: fromPromise<void, { subject: ConfirmSubject }>(notProvided('performAction')),
  },
  guards: {
    isRefusal: (_, params: { error: unknown }) => params.error instanceof RefusalError,
  },
  actions: {
    assignSubject: assign((_, params: { subject: ConfirmSubject }) => ({ subject: params.subject, error: null })),
    clearSubject: assign({ subject: null, error: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    sendReload: sendReload(),
  },
}).createMachine({
  id: 'confirmModal',
  context: ({ input }) => ({ reloadTarget: input.reloadTarget, subject: null, error: null }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'user.open': { target: 'open', actions: { type: 'assignSubject', params: ({ event }) => ({ subject: event.subject }) } },
      },
    },
    open: {
      tags: 'modalOpen',
      on: {
        'user.cancel': { target: 'closed', actions: 'clearSubject' },
        'user.confirm': 'submitting',
      },
    },
    submitting: {
      tags: ['modalOpen', 'busy'],
      invoke: {
        id: 'performAction',
        src: 'performAction',
        input: ({ context }) => ({ subject: context.subject! }),
        onDone: { target: 'closed', actions: ['clearSubject', 'sendReload'] },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'open', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    refused: {
      tags: ['modalOpen', 'refused'],
      on: { 'user.cancel': { target: 'closed', actions: 'clearSubject' } },
    },
  },
});
