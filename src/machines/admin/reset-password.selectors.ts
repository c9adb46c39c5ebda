import type { SnapshotFrom } from 'xstate';
import type { resetPasswordMachine } from './reset-password.machine';

export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

export const selectIsOpen = (snapshot: ResetPasswordSnapshot) => snapshot.hasTag('modalOpen');
export const selectIsBusy = (snapshot: ResetPasswordSnapshot) => snapshot.hasTag('busy');
export const selectUsername = (snapshot: ResetPasswordSnapshot) => snapshot.context.username;
export const selectPassword = (snapshot: ResetPasswordSnapshot) => snapshot.context.password;
export const selectResetError = (snapshot: ResetPasswordSnapshot) => snapshot.context.error;
/** Whose password was just reset (closed), for the page's notice. */
export const selectResetFor = (snapshot: ResetPasswordSnapshot) => (snapshot.matches('closed') ? snapshot.context.resetFor : null);
export const selectCanSubmit = (snapshot: ResetPasswordSnapshot) => snapshot.can({ type: 'user.submit' });
export const selectCanCancel = (snapshot: ResetPasswordSnapshot) => snapshot.can({ type: 'user.cancel' });
