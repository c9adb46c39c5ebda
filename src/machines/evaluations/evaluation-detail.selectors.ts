import type { SnapshotFrom } from 'xstate';
import type { evaluationDetailMachine } from './evaluation-detail.machine';

// Narrow selectors for useSelector, next to the machine so the view reads tags, not state names.
export type EvaluationDetailSnapshot = SnapshotFrom<typeof evaluationDetailMachine>;

export type EvaluationDetailView = 'loading' | 'loaded' | 'failed';

export function selectView(snapshot: EvaluationDetailSnapshot): EvaluationDetailView {
  if (snapshot.hasTag('busy')) return 'loading';
  if (snapshot.hasTag('failed')) return 'failed';
  return 'loaded';
}

export const selectEvaluation = (snapshot: EvaluationDetailSnapshot) => snapshot.context.evaluation;
export const selectResults = (snapshot: EvaluationDetailSnapshot) => snapshot.context.results;
export const selectError = (snapshot: EvaluationDetailSnapshot) => snapshot.context.error;
