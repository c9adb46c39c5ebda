import type { SnapshotFrom } from 'xstate';
import type { formDialogMachine } from './form-dialog.machine';

type FormDialogSnapshot<Fields extends object, Request extends object, Output, Failure> = SnapshotFrom<
  ReturnType<typeof formDialogMachine<Fields, Request, Output, Failure>>
>;

type Any<Fields extends object, Request extends object, Output, Failure> = FormDialogSnapshot<Fields, Request, Output, Failure>;

export const selectIsOpen = <F extends object, R extends object, O, E>(snapshot: Any<F, R, O, E>) => snapshot.hasTag('modalOpen');
export const selectIsBusy = <F extends object, R extends object, O, E>(snapshot: Any<F, R, O, E>) => snapshot.hasTag('busy');
export const selectFields = <F extends object, R extends object, O, E>(snapshot: Any<F, R, O, E>) => snapshot.context.fields;
export const selectFailure = <F extends object, R extends object, O, E>(snapshot: Any<F, R, O, E>) => snapshot.context.failure;
/** What the server last took, while the dialog is closed (for the page's notice). */
export const selectSent = <F extends object, R extends object, O, E>(snapshot: Any<F, R, O, E>) =>
  snapshot.matches('closed') ? snapshot.context.sent : null;
export const selectCanSubmit = <F extends object, R extends object, O, E>(snapshot: Any<F, R, O, E>) =>
  snapshot.can({ type: 'user.submit' });
export const selectCanCancel = <F extends object, R extends object, O, E>(snapshot: Any<F, R, O, E>) =>
  snapshot.can({ type: 'user.cancel' });
/** The server's answer while a dialog with a summary shows it. */
export const selectResult = <F extends object, R extends object, O, E>(snapshot: Any<F, R, O, E>) =>
  snapshot.matches('complete') ? snapshot.context.result : null;
