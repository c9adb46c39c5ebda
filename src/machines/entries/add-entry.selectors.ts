import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { datasetPickerMachine } from '../datasets/dataset-picker.machine';
import type { addEntryMachine } from './add-entry.machine';

export type AddEntrySnapshot = SnapshotFrom<typeof addEntryMachine>;

export const selectIsOpen = (snapshot: AddEntrySnapshot) => snapshot.hasTag('modalOpen');
export const selectIsBusy = (snapshot: AddEntrySnapshot) => snapshot.hasTag('busy');
export const selectLinkFailed = (snapshot: AddEntrySnapshot) => snapshot.hasTag('linkFailed');
export const selectInput = (snapshot: AddEntrySnapshot) => snapshot.context.input;
export const selectMetadata = (snapshot: AddEntrySnapshot) => snapshot.context.metadata;
export const selectMetadataError = (snapshot: AddEntrySnapshot) => snapshot.context.metadataError;
export const selectAddError = (snapshot: AddEntrySnapshot) => snapshot.context.error;
export const selectCanSubmit = (snapshot: AddEntrySnapshot) => snapshot.can({ type: 'user.submit' });
export const selectCanCancel = (snapshot: AddEntrySnapshot) => snapshot.can({ type: 'user.cancel' });
export const selectPicker = (snapshot: AddEntrySnapshot) =>
  snapshot.children.datasetPicker as ActorRefFrom<typeof datasetPickerMachine> | undefined;
