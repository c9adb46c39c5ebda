import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './not-provided';
import type { SignedInUser } from '../domain/account-types';
import { isAdmin } from '../domain/admin-access';
import { messageOf } from '../domain/error-message';

// Issue 17: a page for admins (accounts, the audit trail) first asks who is signed in, so a curator or a viewer
// who opens it by its address reads "Only admins can …" and the page makes no call the server would refuse
// with a 403. checking → granted (final: its output, the signed-in user, lets the page start its flows), or
// forbidden, or failed (the server's message, Try again).

export type AdminAccessContext = { user: SignedInUser | null; error: string | null };

export type AdminAccessEvent = { type: 'user.retry' };

export const adminAccessMachine = setup({
  types: {
    context: {} as AdminAccessContext,
    events: {} as AdminAccessEvent,
    output: {} as SignedInUser,
    tags: {} as 'busy' | 'forbidden' | 'failed',
  },
  actors: {
    fetchSignedInUser: fromPromise<SignedInUser>(notProvided('fetchSignedInUser')),
  },
  guards: {
    isAdmin: (_, params: { user: SignedInUser }) => isAdmin(params.user),
  },
  actions: {
    assignUser: assign((_, params: { user: SignedInUser }) => ({ user: params.user, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'adminAccess',
  context: { user: null, error: null },
  initial: 'checking',
  states: {
    checking: {
      tags: 'busy',
      invoke: {
        id: 'fetchSignedInUser',
        src: 'fetchSignedInUser',
        onDone: [
          {
            guard: { type: 'isAdmin', params: ({ event }) => ({ user: event.output }) },
            target: 'granted',
            actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
          },
          { target: 'forbidden', actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    granted: { type: 'final' },
    forbidden: { tags: 'forbidden' },
    failed: { tags: 'failed', on: { 'user.retry': 'checking' } },
  },
  output: ({ context }) => context.user!,
});
