import { setup, type ActorRefFrom } from 'xstate';
import { addAccountMachine } from './add-account.machine';
import { changeRoleMachine } from './change-role.machine';
import { filterFromSearch, pagedListMachine, pageFromSearch, type ListFilter } from '../shared/paged-list.machine';
import { resetPasswordMachine } from './reset-password.machine';

// The /accounts page (admins, embedded provider; the view starts it only for them): the paged accounts,
// searched by username in the address, whose Remove confirmation is the list's confirm-modal; 'Add account'
// (reloads the list), a role changed in place, 'Reset password'.

export type AccountsPageInput = { page: number; filter?: ListFilter };

/** The list's filter in the address: `?search=` (a part of the username). */
export const ACCOUNTS_FILTER = ['search'] as const;

/** The page's input from the address's query. */
export const accountsPageInput = (search: string): AccountsPageInput => ({
  page: pageFromSearch(search),
  filter: filterFromSearch(search, ACCOUNTS_FILTER),
});

export type AccountsPageContext = {
  list: ActorRefFrom<typeof pagedListMachine>;
  addAccount: ActorRefFrom<typeof addAccountMachine>;
  changeRole: ActorRefFrom<typeof changeRoleMachine>;
  resetPassword: ActorRefFrom<typeof resetPasswordMachine>;
};

export const accountsPageMachine = setup({
  types: {
    input: {} as AccountsPageInput,
    context: {} as AccountsPageContext,
  },
  actors: {
    // src/logic gives each its actors (the accounts calls).
    list: pagedListMachine,
    addAccount: addAccountMachine,
    changeRole: changeRoleMachine,
    resetPassword: resetPasswordMachine,
  },
}).createMachine({
  id: 'accountsPage',
  context: ({ input, spawn }) => {
    const list = spawn('list', { id: 'list', input: { page: input.page, filter: input.filter } });
    return {
      list,
      addAccount: spawn('addAccount', { id: 'addAccount', input: { reloadTarget: list } }),
      changeRole: spawn('changeRole', { id: 'changeRole' }),
      resetPassword: spawn('resetPassword', { id: 'resetPassword', input: {} }),
    };
  },
});
