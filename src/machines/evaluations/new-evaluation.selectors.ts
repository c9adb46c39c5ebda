import type { SnapshotFrom } from 'xstate';
import type { newEvaluationMachine } from './new-evaluation.machine';
import { progressPercent } from '../../domain/shared/csv-file';

type NewEvaluationSnapshot = SnapshotFrom<typeof newEvaluationMachine>;

export type NewEvaluationView = 'loading' | 'loadFailed' | 'form' | 'uploading' | 'created';

export function selectView(snapshot: NewEvaluationSnapshot): NewEvaluationView {
  const views: NewEvaluationView[] = ['loading', 'loadFailed', 'uploading', 'created'];
  return views.find((view) => snapshot.matches(view)) ?? 'form';
}

export const selectDraft = (snapshot: NewEvaluationSnapshot) => snapshot.context.draft;
export const selectOptions = (snapshot: NewEvaluationSnapshot) => snapshot.context.options;
export const selectProblems = (snapshot: NewEvaluationSnapshot) => snapshot.context.problems;
export const selectLoadError = (snapshot: NewEvaluationSnapshot) => snapshot.context.loadError;
/** The server's refusal, while the form shows it. */
export const selectFailure = (snapshot: NewEvaluationSnapshot) => (snapshot.matches({ form: 'failed' }) ? snapshot.context.failure : null);
export const selectWasCancelled = (snapshot: NewEvaluationSnapshot) => snapshot.context.cancelled;
/** Whole percent of the upload sent so far. */
export const selectPercent = (snapshot: NewEvaluationSnapshot) => progressPercent(snapshot.context.progress);
export const selectIsUploading = (snapshot: NewEvaluationSnapshot) => snapshot.hasTag('busy');
export const selectCanSubmit = (snapshot: NewEvaluationSnapshot) => snapshot.can({ type: 'user.submit' });
