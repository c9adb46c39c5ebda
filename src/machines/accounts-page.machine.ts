import { assign, setup, type ActorRefFrom } from 'xstate';
import { addAccountMachine } from './add-account.machine';
import { adminAccessMachine } from './admin-access.machine';
import { changeRoleMachine } from './change-role.machine';
import { filterFromSearch, pagedListMachine, pageFromSearch, type ListFilter } from './paged-list.machine';
import { resetPasswordMachine } from './reset-password.machine';
import type { SignedInUser } from '../domain/account-types';

// Issue 17 /accounts (admins, embedded provider): first who is signed in (admin-access: a non-admin reads why
// and nothing else is asked); with an external provider the accounts are kept there, so the page says so.
// Then the paged accounts (searched by username, in the address), whose Remove confirmation is the list's
// confirm-modal; 'Add account' (reloads the list), a role changed in place, 'Reset password'.

export type AccountsPageInput = { page: number; filter?: ListFilter };

/** The list's filter in the address: `?search=` (a part of the username). */
export const ACCOUNTS_FILTER = ['search'] as const;

/** The page's input from the address's query. */
export const accountsPageInput = (search: string): AccountsPageInput => ({
  page: pageFromSearch(search),
  filter: filterFromSearch(search, ACCOUNTS_FILTER),
});

/** The page's flows, started once an admin is signed in. */
export type AccountsFlows = {
  list: ActorRefFrom<typeof pagedListMachine>;
  addAccount: ActorRefFrom<typeof addAccountMachine>;
  changeRole: ActorRefFrom<typeof changeRoleMachine>;
  resetPassword: ActorRefFrom<typeof resetPasswordMachine>;
};

export type AccountsPageContext = {
  input: AccountsPageInput;
  /** The signed-in admin, to mark their own row. */
  user: SignedInUser | null;
  flows: AccountsFlows | null;
};

export const accountsPageMachine = setup({
  types: {
    input: {} as AccountsPageInput,
    context: {} as AccountsPageContext,
    children: {} as { access: 'adminAccess' },
    tags: {} as 'keptElsewhere',
  },
  actors: {
    // src/logic gives each its actors (who is signed in; the accounts calls).
    adminAccess: adminAccessMachine,
    list: pagedListMachine,
    addAccount: addAccountMachine,
    changeRole: changeRoleMachine,
    resetPassword: resetPasswordMachine,
  },
  guards: {
    isKeptElsewhere: (_, params: { user: SignedInUser }) => !params.user.local_account,
  },
  actions: {
    startFlows: assign(({ context, spawn }, params: { user: SignedInUser }) => {
      const list = spawn('list', { id: 'list', input: { page: context.input.page, filter: context.input.filter } });
      return {
        user: params.user,
        flows: {
          list,
          addAccount: spawn('addAccount', { id: 'addAccount', input: { reloadTarget: list } }),
          changeRole: spawn('changeRole', { id: 'changeRole' }),
          resetPassword: spawn('resetPassword', { id: 'resetPassword' }),
        },
      };
    }),
  },
}).createMachine({
  id: 'accountsPage',
  context: ({ input }) => ({ input, user: null, flows: null }),
  initial: 'checkingAccess',
  states: {
    checkingAccess: {
      invoke: {
        id: 'access',
        src: 'adminAccess',
        onDone: [
          { guard: { type: 'isKeptElsewhere', params: ({ event }) => ({ user: event.output }) }, target: 'keptElsewhere' },
          { target: 'ready', actions: { type: 'startFlows', params: ({ event }) => ({ user: event.output }) } },
        ],
      },
    },
    // An external identity provider keeps the accounts: nothing here to list or change.
    keptElsewhere: { tags: 'keptElsewhere' },
    ready: {},
  },
});
