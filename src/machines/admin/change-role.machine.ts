import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import type { Account, Role } from '../../domain/admin/account-types';
import { messageOf } from '../../domain/shared/error-message';

// On /accounts, an account's role changed in place, from the select in its row. The chosen role shows at
// once while it is saved (`pending`, tagged busy: one change at a time); the server's answer is kept
// (`changed`, by username) so the row shows it without fetching the page again; a refusal (the last admin's
// 409) or a failure restores the role the server has and names the account with the server's message.

export type RoleChange = { username: string; role: Role };

export type ChangeRoleContext = {
  pending: RoleChange | null;
  /** The accounts as the server answered their role changes, by username (the view keeps the later copy). */
  changed: Record<string, Account>;
  error: { username: string; message: string } | null;
};

export type ChangeRoleEvent = { type: 'user.changeRole'; account: Account; role: Role };

export const changeRoleMachine = setup({
  types: {
    context: {} as ChangeRoleContext,
    events: {} as ChangeRoleEvent,
    tags: {} as 'busy',
  },
  actors: {
    saveRole: fromPromise<Account, RoleChange>(notProvided('saveRole')),
  },
  guards: {
    isOtherRole: (_, params: { account: Account; role: Role }) => params.role !== params.account.role,
  },
  actions: {
    assignPending: assign((_, params: RoleChange) => ({ pending: params, error: null })),
    assignChanged: assign(({ context }, params: { account: Account }) => ({
      pending: null,
      changed: { ...context.changed, [params.account.username]: params.account },
    })),
    assignError: assign(({ context }, params: { error: unknown }) => ({
      pending: null,
      error: { username: context.pending!.username, message: messageOf(params.error) },
    })),
  },
}).createMachine({
  id: 'changeRole',
  context: { pending: null, changed: {}, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.changeRole': {
          guard: { type: 'isOtherRole', params: ({ event }) => event },
          target: 'saving',
          actions: { type: 'assignPending', params: ({ event }) => ({ username: event.account.username, role: event.role }) },
        },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveRole',
        src: 'saveRole',
        input: ({ context }) => context.pending!,
        onDone: { target: 'idle', actions: { type: 'assignChanged', params: ({ event }) => ({ account: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
