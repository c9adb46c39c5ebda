import type { ApiFetch } from '../api-client';
import type { PasswordChange } from '../../domain/shell/password-change';
import type { Me } from '../../domain/shell/roles';

// me on the evaluation backend (server/routes/backend/audit.ts and accounts.ts): who the session's token is
// for (name, role, a local account or not), and a local account's own password changed. Refusals fail with the
// server's sentence ("current_password: does not match"), which the dialog puts beside that field.

export type MeClient = {
  /** GET me → { sub, name, role, local_account }. */
  fetchMe(): Promise<Me>;
  /** POST me/password { current_password, new_password } → 204. */
  changePassword(change: PasswordChange): Promise<void>;
};

export function createMeClient(api: ApiFetch): MeClient {
  return {
    fetchMe: () => api<Me>('me'),
    changePassword: async (change) => {
      await api('me/password', { method: 'POST', body: change });
    },
  };
}
