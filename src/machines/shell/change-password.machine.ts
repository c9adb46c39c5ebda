import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import {
  EMPTY_PASSWORDS,
  isPasswordChangeReady,
  passwordChangeOf,
  passwordProblem,
  type PasswordChange,
  type PasswordDraft,
  type PasswordField,
  type PasswordProblem,
} from '../../domain/shell/password-change';

// 'Change password' from the user menu (local accounts). The dialog takes the current password and
// the new one twice; it is sent once all three are given and the two new ones agree. The server's 400 shows
// beside the field it names (a wrong current password, a too short new one), anything else under the form;
// the dialog stays open with what was typed. Once changed it says so until closed.

export type ChangePasswordContext = { draft: PasswordDraft; problem: PasswordProblem | null };

export type ChangePasswordEvent =
  | { type: 'user.open' }
  | { type: 'user.change'; field: PasswordField; value: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.close' };

const closedDialog: ChangePasswordContext = { draft: EMPTY_PASSWORDS, problem: null };

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    tags: {} as 'dialogOpen' | 'busy',
  },
  actors: {
    savePassword: fromPromise<void, PasswordChange>(notProvided('savePassword')),
  },
  guards: {
    isReady: ({ context }) => isPasswordChangeReady(context.draft),
  },
  actions: {
    reset: assign(closedDialog),
    assignField: assign(({ context }, params: { field: PasswordField; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
      // What was refused is being retyped: its message goes.
      problem: null,
    })),
    clearProblem: assign({ problem: null }),
    assignProblem: assign((_, params: { error: unknown }) => ({ problem: passwordProblem(messageOf(params.error)) })),
  },
}).createMachine({
  id: 'changePassword',
  context: closedDialog,
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'editing', actions: 'reset' } },
    },
    editing: {
      tags: 'dialogOpen',
      on: {
        'user.change': { actions: { type: 'assignField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'user.submit': { guard: 'isReady', target: 'saving', actions: 'clearProblem' },
        'user.cancel': { target: 'closed', actions: 'reset' },
      },
    },
    saving: {
      tags: ['dialogOpen', 'busy'],
      invoke: {
        id: 'savePassword',
        src: 'savePassword',
        input: ({ context }) => passwordChangeOf(context.draft),
        onDone: { target: 'changed', actions: 'reset' },
        onError: { target: 'editing', actions: { type: 'assignProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    changed: {
      tags: 'dialogOpen',
      on: { 'user.close': 'closed' },
    },
  },
});
