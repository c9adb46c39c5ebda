import type { SnapshotFrom } from 'xstate';
import { passwordsDiffer, PASSWORDS_DIFFER, type PasswordField } from '../../domain/shell/password-change';
import type { changePasswordMachine } from './change-password.machine';

export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

export const selectIsOpen = (snapshot: ChangePasswordSnapshot) => snapshot.hasTag('dialogOpen');
export const selectIsBusy = (snapshot: ChangePasswordSnapshot) => snapshot.hasTag('busy');
export const selectIsChanged = (snapshot: ChangePasswordSnapshot) => snapshot.matches('changed');
export const selectDraft = (snapshot: ChangePasswordSnapshot) => snapshot.context.draft;
export const selectCanSubmit = (snapshot: ChangePasswordSnapshot) => snapshot.can({ type: 'user.submit' });
export const selectCanCancel = (snapshot: ChangePasswordSnapshot) => snapshot.can({ type: 'user.cancel' });

/** The problem to show beside a field: the server's, or (the repeat) that the two new passwords differ. */
export const selectFieldProblem = (field: PasswordField) => (snapshot: ChangePasswordSnapshot) => {
  const { problem, draft } = snapshot.context;
  if (problem?.field === field) return problem.text;
  return field === 'repeat' && passwordsDiffer(draft) ? PASSWORDS_DIFFER : null;
};

/** A refusal that names no field (e.g. accounts kept by the identity provider). */
export const selectFormProblem = (snapshot: ChangePasswordSnapshot) =>
  snapshot.context.problem?.field === null ? snapshot.context.problem.text : null;
