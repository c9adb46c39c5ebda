import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { isPasswordLongEnough } from '../../domain/admin/account-form';
import { messageOf } from '../../domain/shared/error-message';

// On /accounts, an account's 'Reset password' modal. The admin types the new password (at least 8
// characters); the server sets it and ends that person's sessions and refresh tokens. A failure keeps the
// form open with the server's message; success closes it and says whose password was reset (`resetFor`)
// until the next reset starts. Nothing in the list changes, so nothing reloads.

export type PasswordReset = { username: string; password: string };

export type ResetPasswordContext = {
  username: string | null;
  password: string;
  error: string | null;
  /** Whose password the last reset set, for the page's notice. */
  resetFor: string | null;
};

export type ResetPasswordEvent =
  | { type: 'user.open'; username: string }
  | { type: 'user.cancel' }
  | { type: 'user.changePassword'; value: string }
  | { type: 'user.submit' };

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    tags: {} as 'modalOpen' | 'busy',
  },
  actors: {
    resetPassword: fromPromise<void, PasswordReset>(notProvided('resetPassword')),
  },
  guards: {
    isPasswordLongEnough: ({ context }) => isPasswordLongEnough(context.password),
  },
  actions: {
    assignAccount: assign((_, params: { username: string }) => ({ username: params.username, password: '', error: null, resetFor: null })),
    clearForm: assign({ username: null, password: '', error: null }),
    assignPassword: assign((_, params: { value: string }) => ({ password: params.value, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    assignDone: assign(({ context }) => ({ resetFor: context.username, username: null, password: '', error: null })),
  },
}).createMachine({
  id: 'resetPassword',
  context: { username: null, password: '', error: null, resetFor: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'editing', actions: { type: 'assignAccount', params: ({ event }) => event } } },
    },
    editing: {
      tags: 'modalOpen',
      on: {
        'user.cancel': { target: 'closed', actions: 'clearForm' },
        'user.changePassword': { actions: { type: 'assignPassword', params: ({ event }) => event } },
        'user.submit': { guard: 'isPasswordLongEnough', target: 'saving' },
      },
    },
    saving: {
      tags: ['modalOpen', 'busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ username: context.username!, password: context.password }),
        onDone: { target: 'closed', actions: 'assignDone' },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
