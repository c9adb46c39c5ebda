import type { SnapshotFrom } from 'xstate';
import { COMPARABLE_PAGE_SIZE, type comparableRunsMachine } from './comparable-runs.machine';

export type ComparableRunsSnapshot = SnapshotFrom<typeof comparableRunsMachine>;

const EMPTY: never[] = [];

export const selectIsOpen = (snapshot: ComparableRunsSnapshot) => snapshot.hasTag('open');
export const selectIsLoading = (snapshot: ComparableRunsSnapshot) => snapshot.hasTag('loading');
/** No other finished run shares the run's dataset or golden set. */
export const selectIsNone = (snapshot: ComparableRunsSnapshot) => snapshot.hasTag('empty');
export const selectError = (snapshot: ComparableRunsSnapshot) => (snapshot.hasTag('failed') ? snapshot.context.error : null);
/** The page's runs, once listed (the last page's stay out of sight while the next one loads). */
export const selectRuns = (snapshot: ComparableRunsSnapshot) => (snapshot.matches({ open: 'listed' }) ? snapshot.context.runs : EMPTY);
export const selectPage = (snapshot: ComparableRunsSnapshot) => snapshot.context.page;
/** 'Page x of y' when the server sent the total. */
export const selectPageCount = (snapshot: ComparableRunsSnapshot) =>
  snapshot.context.total === null ? null : Math.max(1, Math.ceil(snapshot.context.total / COMPARABLE_PAGE_SIZE));
export const selectCanPrevious = (snapshot: ComparableRunsSnapshot) => snapshot.can({ type: 'user.previousPage' });
export const selectCanNext = (snapshot: ComparableRunsSnapshot) => snapshot.can({ type: 'user.nextPage' });
