import type { SnapshotFrom } from 'xstate';
import type { addJudgementMachine } from './add-judgement.machine';

type AddJudgementSnapshot = SnapshotFrom<typeof addJudgementMachine>;

export const selectProductId = (snapshot: AddJudgementSnapshot) => snapshot.context.productId;
export const selectAddGrade = (snapshot: AddJudgementSnapshot) => snapshot.context.grade;
export const selectCanAddById = (snapshot: AddJudgementSnapshot) => snapshot.can({ type: 'user.addById' });
export const selectIsSearching = (snapshot: AddJudgementSnapshot) => snapshot.hasTag('searching');
export const selectCatalogueResults = (snapshot: AddJudgementSnapshot) => snapshot.context.results;
export const selectCatalogueError = (snapshot: AddJudgementSnapshot) => snapshot.context.error;
/** A search answered with nothing: said, not left blank. */
export const selectFoundNothing = (snapshot: AddJudgementSnapshot) =>
  !snapshot.hasTag('searching') &&
  snapshot.context.search !== '' &&
  snapshot.context.error === null &&
  snapshot.context.results.length === 0;
