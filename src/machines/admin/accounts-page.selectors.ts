import type { SnapshotFrom } from 'xstate';
import type { accountsPageMachine } from './accounts-page.machine';

export type AccountsPageSnapshot = SnapshotFrom<typeof accountsPageMachine>;

export const selectList = (snapshot: AccountsPageSnapshot) => snapshot.context.list;
export const selectAddAccount = (snapshot: AccountsPageSnapshot) => snapshot.context.addAccount;
export const selectChangeRole = (snapshot: AccountsPageSnapshot) => snapshot.context.changeRole;
export const selectResetPassword = (snapshot: AccountsPageSnapshot) => snapshot.context.resetPassword;
