import type { SnapshotFrom } from 'xstate';
import type { datasetPickerMachine } from './dataset-picker.machine';

export type DatasetPickerSnapshot = SnapshotFrom<typeof datasetPickerMachine>;

export type PickerMenuView = 'loading' | 'failed' | 'none' | 'options';

export const selectIsMenuOpen = (snapshot: DatasetPickerSnapshot) => snapshot.hasTag('menuOpen');
export const selectOptions = (snapshot: DatasetPickerSnapshot) => snapshot.context.options;
export const selectSelected = (snapshot: DatasetPickerSnapshot) => snapshot.context.selected;
export const selectPickerError = (snapshot: DatasetPickerSnapshot) => snapshot.context.error;

export function selectMenuView(snapshot: DatasetPickerSnapshot): PickerMenuView {
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('failed')) return 'failed';
  return snapshot.context.options.length === 0 ? 'none' : 'options';
}

/** The dropdown's own line, with the literal '(s)'. */
export function selectPickerLabel(snapshot: DatasetPickerSnapshot): string {
  const count = snapshot.context.selected.length;
  if (count > 0) return `${count} dataset(s) selected`;
  if (snapshot.hasTag('loading')) return 'Loading datasets...';
  if (!snapshot.hasTag('failed') && snapshot.context.options.length === 0) return 'No datasets available';
  return 'Select datasets...';
}
