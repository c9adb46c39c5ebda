import type { SnapshotFrom } from 'xstate';
import type { confirmModalMachine } from './confirm-modal.machine';

export type ConfirmModalSnapshot = SnapshotFrom<typeof confirmModalMachine>;

export const selectIsOpen = (snapshot: ConfirmModalSnapshot) => snapshot.hasTag('modalOpen');
export const selectIsBusy = (snapshot: ConfirmModalSnapshot) => snapshot.hasTag('busy');
/** The server refused for good: the dialog says why and offers only Cancel. */
export const selectIsRefused = (snapshot: ConfirmModalSnapshot) => snapshot.hasTag('refused');
export const selectSubject = (snapshot: ConfirmModalSnapshot) => snapshot.context.subject;
export const selectConfirmError = (snapshot: ConfirmModalSnapshot) => snapshot.context.error;
export const selectCanConfirm = (snapshot: ConfirmModalSnapshot) => snapshot.can({ type: 'user.confirm' });
export const selectCanCancel = (snapshot: ConfirmModalSnapshot) => snapshot.can({ type: 'user.cancel' });
