import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { sendReload, type ReloadInput } from '../shared/reload';
import type { Account, NewAccount, Role } from '../../domain/admin/account-types';
import { isNewAccountReady } from '../../domain/admin/account-form';
import { messageOf } from '../../domain/shared/error-message';

// On /accounts, the 'Add account' modal. Username (trimmed), password (at least 8 characters, sent as
// typed) and role (viewer unless chosen). The form is disabled while saving; a refusal (a taken name's 409, a
// field the server names in its 400) keeps it open with the server's message. On success the list reloads.

export type AddAccountContext = ReloadInput & NewAccount & { error: string | null };

export type AddAccountEvent =
  | { type: 'user.open' }
  | { type: 'user.cancel' }
  | { type: 'user.changeUsername'; value: string }
  | { type: 'user.changePassword'; value: string }
  | { type: 'user.changeRole'; role: Role }
  | { type: 'user.submit' };

const emptyForm = { username: '', password: '', role: 'viewer' as Role, error: null };

export const addAccountMachine = setup({
  types: {
    context: {} as AddAccountContext,
    input: {} as ReloadInput,
    events: {} as AddAccountEvent,
    tags: {} as 'modalOpen' | 'busy',
  },
  actors: {
    createAccount: fromPromise<Account, NewAccount>(notProvided('createAccount')),
  },
  guards: {
    isReady: ({ context }) => isNewAccountReady(context),
  },
  actions: {
    resetForm: assign(emptyForm),
    assignUsername: assign((_, params: { value: string }) => ({ username: params.value, error: null })),
    assignPassword: assign((_, params: { value: string }) => ({ password: params.value, error: null })),
    assignRole: assign((_, params: { role: Role }) => ({ role: params.role, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    sendReload: sendReload(),
  },
}).createMachine({
  id: 'addAccount',
  context: ({ input }) => ({ ...emptyForm, reloadTarget: input.reloadTarget }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': 'editing' },
    },
    editing: {
      tags: 'modalOpen',
      on: {
        'user.cancel': { target: 'closed', actions: 'resetForm' },
        'user.changeUsername': { actions: { type: 'assignUsername', params: ({ event }) => event } },
        'user.changePassword': { actions: { type: 'assignPassword', params: ({ event }) => event } },
        'user.changeRole': { actions: { type: 'assignRole', params: ({ event }) => event } },
        'user.submit': { guard: 'isReady', target: 'saving' },
      },
    },
    saving: {
      tags: ['modalOpen', 'busy'],
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: ({ context }) => ({ username: context.username.trim(), password: context.password, role: context.role }),
        onDone: { target: 'closed', actions: ['resetForm', 'sendReload'] },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
