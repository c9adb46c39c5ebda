import type { SnapshotFrom } from 'xstate';
import type { createDatasetMachine } from './create-dataset.machine';

export type CreateDatasetSnapshot = SnapshotFrom<typeof createDatasetMachine>;

export const selectIsOpen = (snapshot: CreateDatasetSnapshot) => snapshot.hasTag('modalOpen');
export const selectIsBusy = (snapshot: CreateDatasetSnapshot) => snapshot.hasTag('busy');
export const selectName = (snapshot: CreateDatasetSnapshot) => snapshot.context.name;
export const selectDescription = (snapshot: CreateDatasetSnapshot) => snapshot.context.description;
export const selectCreateError = (snapshot: CreateDatasetSnapshot) => snapshot.context.error;
export const selectCanSubmit = (snapshot: CreateDatasetSnapshot) => snapshot.can({ type: 'user.submit' });
export const selectCanCancel = (snapshot: CreateDatasetSnapshot) => snapshot.can({ type: 'user.cancel' });
