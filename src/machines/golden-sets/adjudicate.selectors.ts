import type { SnapshotFrom } from 'xstate';
import type { adjudicateMachine } from './adjudicate.machine';

type AdjudicateSnapshot = SnapshotFrom<typeof adjudicateMachine>;

export const selectPickedGrade = (snapshot: AdjudicateSnapshot) => snapshot.context.grade;
export const selectAdjudicating = (snapshot: AdjudicateSnapshot) => snapshot.hasTag('saving');
export const selectAdjudicationError = (snapshot: AdjudicateSnapshot) => snapshot.context.error;
/** A grade is picked and nothing is being saved. */
export const selectCanSaveAdjudication = (snapshot: AdjudicateSnapshot) => snapshot.can({ type: 'user.save' });
