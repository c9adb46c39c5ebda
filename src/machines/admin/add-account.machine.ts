import type { Account, NewAccount } from '../../domain/admin/account-types';
import { isNewAccountReady } from '../../domain/admin/account-form';
import { messageOf } from '../../domain/shared/error-message';
import { formDialogMachine } from '../shared/form-dialog.machine';

// On /accounts, the 'Add account' modal (shared/form-dialog.machine.ts). Username (trimmed), password (at least
// 8 characters, sent as typed) and role (viewer unless chosen). A refusal (a taken name's 409, a field the
// server names in its 400) keeps it open with the server's message. On success the list reloads.

export const addAccountMachine = formDialogMachine<NewAccount, NewAccount, Account>({
  id: 'addAccount',
  sending: 'saving',
  submitId: 'createAccount',
  empty: { username: '', password: '', role: 'viewer' },
  requestOf: ({ username, password, role }) => ({ username: username.trim(), password, role }),
  failureOf: messageOf,
}).provide({
  guards: { isReady: (_, { fields }: { fields: NewAccount }) => isNewAccountReady(fields) },
});
