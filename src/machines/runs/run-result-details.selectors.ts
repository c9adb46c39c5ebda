import type { SnapshotFrom } from 'xstate';
import type { runResultDetailsMachine } from './run-result-details.machine';

export type RunResultDetailsSnapshot = SnapshotFrom<typeof runResultDetailsMachine>;

export const selectIsMissing = (snapshot: RunResultDetailsSnapshot) => snapshot.hasTag('missing');
export const selectMetricsOpen = (snapshot: RunResultDetailsSnapshot) => snapshot.hasTag('metricsOpen');
export const selectPassed = (snapshot: RunResultDetailsSnapshot) => snapshot.context.passed;
export const selectCanGoBack = (snapshot: RunResultDetailsSnapshot) => snapshot.can({ type: 'user.back' });
export const selectIsLoading = (snapshot: RunResultDetailsSnapshot) => snapshot.hasTag('loading');
export const selectIsFailed = (snapshot: RunResultDetailsSnapshot) => snapshot.hasTag('failed');
export const selectError = (snapshot: RunResultDetailsSnapshot) => snapshot.context.error;
export const selectNames = (snapshot: RunResultDetailsSnapshot) => snapshot.context.names ?? {};
/** The catalogue's description and attributes of the result's products, by product id (those it holds). */
export const selectCatalogue = (snapshot: RunResultDetailsSnapshot) => snapshot.context.catalogue;
/** The run's golden set's scale, when the unjudged products can be graded here. */
export const selectScale = (snapshot: RunResultDetailsSnapshot) =>
  snapshot.hasTag('canJudge') ? (snapshot.context.target?.scale ?? null) : null;
/** Grades given here, by product id. */
export const selectJudgedHere = (snapshot: RunResultDetailsSnapshot) => snapshot.context.judged;
export const selectSaveError = (snapshot: RunResultDetailsSnapshot) => snapshot.context.saveError;
