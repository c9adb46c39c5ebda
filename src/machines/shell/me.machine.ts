import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { changePasswordMachine } from './change-password.machine';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import type { Me } from '../../domain/shell/roles';

// Who is signed in, as the server sees them (GET /api/backend/me): name, role, and whether their
// account lives here. The auth machine runs this while someone is signed in; the shell shows the pages once
// it is known (the role decides which controls they hold), a failure with Try again, and the user menu's
// 'Change password' dialog is its child.

export type MeContext = {
  me: Me | null;
  error: string | null;
  changePassword: ActorRefFrom<typeof changePasswordMachine>;
};

export type MeEvent = { type: 'user.retry' };

export const meMachine = setup({
  types: {
    context: {} as MeContext,
    events: {} as MeEvent,
  },
  actors: {
    fetchMe: fromPromise<Me>(notProvided('fetchMe')),
    changePassword: changePasswordMachine,
  },
  actions: {
    assignMe: assign((_, params: { me: Me }) => ({ me: params.me, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'me',
  context: ({ spawn }) => ({ me: null, error: null, changePassword: spawn('changePassword', { id: 'changePassword' }) }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchMe',
        src: 'fetchMe',
        onDone: { target: 'known', actions: { type: 'assignMe', params: ({ event }) => ({ me: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
    known: {},
  },
});
