import type { SnapshotFrom } from 'xstate';
import type { runProgressMachine } from './run-progress.machine';

// Narrow selectors for the run progress panel; tags and can() decide, the view never re-derives.
export type RunProgressSnapshot = SnapshotFrom<typeof runProgressMachine>;

export const selectWatchedRun = (snapshot: RunProgressSnapshot) => snapshot.context.run;
export const selectIsStarting = (snapshot: RunProgressSnapshot) => snapshot.hasTag('starting');
export const selectIsWatching = (snapshot: RunProgressSnapshot) => snapshot.hasTag('watching');
export const selectIsCancelling = (snapshot: RunProgressSnapshot) => snapshot.hasTag('cancelling');
export const selectIsStalled = (snapshot: RunProgressSnapshot) => snapshot.hasTag('stalled');
export const selectHasEnded = (snapshot: RunProgressSnapshot) => snapshot.matches('ended');
export const selectStartError = (snapshot: RunProgressSnapshot) => snapshot.context.startError;
export const selectPollError = (snapshot: RunProgressSnapshot) => snapshot.context.pollError;
export const selectCancelError = (snapshot: RunProgressSnapshot) => snapshot.context.cancelError;
export const selectCanStartRun = (snapshot: RunProgressSnapshot) => snapshot.can({ type: 'user.startRun' });
export const selectCanCancelRun = (snapshot: RunProgressSnapshot) => snapshot.can({ type: 'user.cancelRun' });
export const selectCanRetry = (snapshot: RunProgressSnapshot) => snapshot.can({ type: 'user.retry' });
export const selectTagsText = (snapshot: RunProgressSnapshot) => snapshot.context.tagsText;
