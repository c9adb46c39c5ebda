import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { datasetPickerMachine } from '../datasets/dataset-picker.machine';
import type { entryEditorMachine } from './entry-editor.machine';

export type EntryEditorSnapshot = SnapshotFrom<typeof entryEditorMachine>;

export type EntryEditorView = 'loading' | 'notFound' | 'failed' | 'ready';

export function selectEditorView(snapshot: EntryEditorSnapshot): EntryEditorView {
  if (snapshot.matches('notFound')) return 'notFound';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('loading')) return 'loading';
  return 'ready';
}

export const selectIsSaving = (snapshot: EntryEditorSnapshot) => snapshot.hasTag('saving');
export const selectEntry = (snapshot: EntryEditorSnapshot) => snapshot.context.entry;
export const selectInput = (snapshot: EntryEditorSnapshot) => snapshot.context.input;
export const selectMetadata = (snapshot: EntryEditorSnapshot) => snapshot.context.metadata;
export const selectMetadataError = (snapshot: EntryEditorSnapshot) => snapshot.context.metadataError;
export const selectEditorError = (snapshot: EntryEditorSnapshot) => snapshot.context.error;
export const selectCanSave = (snapshot: EntryEditorSnapshot) => snapshot.can({ type: 'user.submit' });
export const selectCanCancel = (snapshot: EntryEditorSnapshot) => snapshot.can({ type: 'user.cancel' });
export const selectPicker = (snapshot: EntryEditorSnapshot) =>
  snapshot.children.datasetPicker as ActorRefFrom<typeof datasetPickerMachine> | undefined;
