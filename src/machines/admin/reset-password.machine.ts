import { isPasswordLongEnough } from '../../domain/admin/account-form';
import { messageOf } from '../../domain/shared/error-message';
import { formDialogMachine } from '../shared/form-dialog.machine';

// On /accounts, an account's 'Reset password' modal (shared/form-dialog.machine.ts), opened with the account's
// username. The admin types the new password (at least 8 characters); the server sets it and ends that
// person's sessions and refresh tokens. A failure keeps the form open with the server's message; success closes
// it, and the page says whose password was reset (the reset `sent`) until the next reset starts. Nothing in the
// list changes, so nothing reloads.

export type PasswordReset = { username: string; password: string };

export const resetPasswordMachine = formDialogMachine<PasswordReset, PasswordReset, void>({
  id: 'resetPassword',
  sending: 'saving',
  submitId: 'resetPassword',
  empty: { username: '', password: '' },
  requestOf: (fields) => fields,
  failureOf: messageOf,
}).provide({
  guards: { isReady: (_, { fields }: { fields: PasswordReset }) => isPasswordLongEnough(fields.password) },
});
