import type { SnapshotFrom } from 'xstate';
import type { judgeJobPageMachine } from './judge-job-page.machine';

type JudgeJobPageSnapshot = SnapshotFrom<typeof judgeJobPageMachine>;

export const selectView = (snapshot: JudgeJobPageSnapshot) =>
  snapshot.matches('notFound') ? 'notFound' : snapshot.matches('failed') ? 'failed' : snapshot.context.job === null ? 'loading' : 'shown';
export const selectJob = (snapshot: JudgeJobPageSnapshot) => snapshot.context.job;
export const selectError = (snapshot: JudgeJobPageSnapshot) => snapshot.context.error;
export const selectCanCancel = (snapshot: JudgeJobPageSnapshot) => snapshot.can({ type: 'user.cancel' });
export const selectIsCancelling = (snapshot: JudgeJobPageSnapshot) => snapshot.matches('cancelling');
