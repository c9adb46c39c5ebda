import type { ApiClient } from './api-client';
import { explained } from './failure-message';
import type { Account, NewAccount, Role } from '../domain/admin/account-types';
import type { Page, PageRequest } from '../domain/evaluations/evaluation-service-types';

// The embedded provider's accounts (server/routes/backend/accounts.ts) on the evaluation backend, for
// admins: the list searched by username, an account added, its role changed, its password reset (which ends
// its sessions), removed. Every refusal fails with the server's sentence; a 409 (a taken name, the last admin,
// accounts kept by an identity provider) as a RefusalError.

const accountPath = (username: string) => `accounts/${encodeURIComponent(username)}`;

export type Accounts = ReturnType<typeof createAccounts>;

export function createAccounts(api: ApiClient) {
  return {
    /** GET accounts/?search&page&page_size → the page and its count. */
    accountRows: async ({ page, pageSize }: PageRequest, filter: { search?: string } = {}): Promise<Page<Account>> => {
      const { count, results } = await explained(
        api<{ count: number; results: Account[] }>('accounts/', {
          query: { search: filter.search || undefined, page, page_size: pageSize },
        }),
      );
      return { items: results, total: count };
    },

    /** POST accounts/ → 201 with the account. */
    createAccount: (account: NewAccount) => explained(api<Account>('accounts/', { method: 'POST', body: account })),

    /** PATCH accounts/{username} → the account with its new role. */
    changeAccountRole: (username: string, role: Role) =>
      explained(api<Account>(accountPath(username), { method: 'PATCH', body: { role } })),

    /** POST accounts/{username}/password → 204; the server ends that person's sessions. */
    resetAccountPassword: async (username: string, password: string): Promise<void> => {
      await explained(api(`${accountPath(username)}/password`, { method: 'POST', body: { password } }));
    },

    /** DELETE accounts/{username} → 204; the server ends that person's sessions. */
    removeAccount: async (username: string): Promise<void> => {
      await explained(api(accountPath(username), { method: 'DELETE' }));
    },
  };
}
