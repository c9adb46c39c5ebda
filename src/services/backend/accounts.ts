import type { ApiClient } from '../api-client';
import { countedPage, pageQuery } from '../paging';
import type { Account, NewAccount, Role } from '../../domain/admin/account-types';
import type { Page, PageRequest } from '../../domain/evaluations/evaluation-service-types';

// accounts/ on the evaluation backend (server/routes/backend/accounts.ts), the embedded provider's accounts,
// for admins: the list searched by username, an account added, its role changed, its password reset (which ends
// its sessions), removed. A 409 (a taken name, the last admin, accounts kept by an identity provider) fails as a
// RefusalError with the server's sentence.

export type Accounts = ReturnType<typeof createAccounts>;

export function createAccounts(api: ApiClient) {
  const path = (username: string) => `accounts/${encodeURIComponent(username)}`;
  return {
    /** GET accounts/?search&page&page_size → the page and its count. */
    accountRows: async (page: PageRequest, filter: { search?: string } = {}): Promise<Page<Account>> =>
      countedPage(
        await api<{ count: number; results: Account[] }>('accounts/', {
          query: { search: filter.search || undefined, ...pageQuery(page) },
        }),
      ),

    /** POST accounts/ → 201 with the account. */
    createAccount: (account: NewAccount) => api<Account>('accounts/', { method: 'POST', body: account }),

    /** PATCH accounts/{username} → the account with its new role. */
    changeAccountRole: (username: string, role: Role) => api<Account>(path(username), { method: 'PATCH', body: { role } }),

    /** POST accounts/{username}/password → 204; the server ends that person's sessions. */
    resetAccountPassword: async (username: string, password: string): Promise<void> => {
      await api(`${path(username)}/password`, { method: 'POST', body: { password } });
    },

    /** DELETE accounts/{username} → 204; the server ends that person's sessions. */
    removeAccount: async (username: string): Promise<void> => {
      await api(path(username), { method: 'DELETE' });
    },
  };
}
