import type { SnapshotFrom } from 'xstate';
import type { experimentFormMachine } from './experiment-form.machine';

export type ExperimentFormSnapshot = SnapshotFrom<typeof experimentFormMachine>;

export type ExperimentFormView = 'loading' | 'notFound' | 'missing' | 'failed' | 'editing';

export function selectFormView(snapshot: ExperimentFormSnapshot): ExperimentFormView {
  for (const view of ['loading', 'notFound', 'missing', 'failed'] as const) if (snapshot.hasTag(view)) return view;
  return 'editing';
}

export const selectIsNew = (snapshot: ExperimentFormSnapshot) => snapshot.context.mode === 'new';
export const selectDraft = (snapshot: ExperimentFormSnapshot) => snapshot.context.draft;
export const selectOptions = (snapshot: ExperimentFormSnapshot) => snapshot.context.options;
export const selectProblems = (snapshot: ExperimentFormSnapshot) => snapshot.context.problems;
export const selectLoadError = (snapshot: ExperimentFormSnapshot) => snapshot.context.loadError;
export const selectIsSaving = (snapshot: ExperimentFormSnapshot) => snapshot.hasTag('saving');
export const selectCanSave = (snapshot: ExperimentFormSnapshot) => snapshot.can({ type: 'user.save' });
export const selectTryQuery = (snapshot: ExperimentFormSnapshot) => snapshot.context.tryQuery;
export const selectCoverage = (snapshot: ExperimentFormSnapshot) => snapshot.context.coverage;
export const selectDatasetFilter = (snapshot: ExperimentFormSnapshot) => snapshot.context.datasetFilter;
