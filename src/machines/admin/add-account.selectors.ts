import type { SnapshotFrom } from 'xstate';
import type { addAccountMachine } from './add-account.machine';

export type AddAccountSnapshot = SnapshotFrom<typeof addAccountMachine>;

export const selectIsOpen = (snapshot: AddAccountSnapshot) => snapshot.hasTag('modalOpen');
export const selectIsBusy = (snapshot: AddAccountSnapshot) => snapshot.hasTag('busy');
export const selectUsername = (snapshot: AddAccountSnapshot) => snapshot.context.username;
export const selectPassword = (snapshot: AddAccountSnapshot) => snapshot.context.password;
export const selectRole = (snapshot: AddAccountSnapshot) => snapshot.context.role;
export const selectAddError = (snapshot: AddAccountSnapshot) => snapshot.context.error;
export const selectCanSubmit = (snapshot: AddAccountSnapshot) => snapshot.can({ type: 'user.submit' });
export const selectCanCancel = (snapshot: AddAccountSnapshot) => snapshot.can({ type: 'user.cancel' });
