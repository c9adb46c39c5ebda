import type { SnapshotFrom } from 'xstate';
import type { scheduleEditorMachine } from './schedule-editor.machine';

type ScheduleEditorSnapshot = SnapshotFrom<typeof scheduleEditorMachine>;

export const selectScheduleLoading = (snapshot: ScheduleEditorSnapshot) => snapshot.hasTag('loading');
export const selectScheduleFailed = (snapshot: ScheduleEditorSnapshot) => snapshot.matches('failed');
export const selectScheduleSaving = (snapshot: ScheduleEditorSnapshot) => snapshot.hasTag('saving');
export const selectSavedSchedule = (snapshot: ScheduleEditorSnapshot) => snapshot.context.saved;
export const selectScheduleDraft = (snapshot: ScheduleEditorSnapshot) => snapshot.context.draft;
export const selectNextRuns = (snapshot: ScheduleEditorSnapshot) => snapshot.context.nextRuns;
export const selectCronProblem = (snapshot: ScheduleEditorSnapshot) => snapshot.context.cronProblem;
export const selectScheduleError = (snapshot: ScheduleEditorSnapshot) => snapshot.context.error;
export const selectScheduleNotice = (snapshot: ScheduleEditorSnapshot) => snapshot.context.notice;
export const selectCanSaveSchedule = (snapshot: ScheduleEditorSnapshot) => snapshot.can({ type: 'user.save' });
