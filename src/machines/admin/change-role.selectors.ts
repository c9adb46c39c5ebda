import type { SnapshotFrom } from 'xstate';
import type { changeRoleMachine } from './change-role.machine';

export type ChangeRoleSnapshot = SnapshotFrom<typeof changeRoleMachine>;

/** A role is being saved: every row's select waits. */
export const selectIsSaving = (snapshot: ChangeRoleSnapshot) => snapshot.hasTag('busy');
export const selectPendingChange = (snapshot: ChangeRoleSnapshot) => snapshot.context.pending;
export const selectChangedAccounts = (snapshot: ChangeRoleSnapshot) => snapshot.context.changed;
export const selectRoleError = (snapshot: ChangeRoleSnapshot) => snapshot.context.error;
