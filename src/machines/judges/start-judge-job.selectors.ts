import type { SnapshotFrom } from 'xstate';
import type { startJudgeJobMachine } from './start-judge-job.machine';

type StartJudgeJobSnapshot = SnapshotFrom<typeof startJudgeJobMachine>;

export const selectIsOpen = (snapshot: StartJudgeJobSnapshot) => snapshot.hasTag('modalOpen');
export const selectIsBusy = (snapshot: StartJudgeJobSnapshot) => snapshot.hasTag('busy');
/** The estimate is shown and the person asked to start (or starting). */
export const selectIsConfirming = (snapshot: StartJudgeJobSnapshot) => snapshot.matches('confirming') || snapshot.matches('starting');
export const selectJudge = (snapshot: StartJudgeJobSnapshot) => snapshot.context.judge;
export const selectFields = (snapshot: StartJudgeJobSnapshot) => snapshot.context.fields;
export const selectEstimate = (snapshot: StartJudgeJobSnapshot) => snapshot.context.estimate;
export const selectFailure = (snapshot: StartJudgeJobSnapshot) => snapshot.context.failure;
export const selectCanEstimate = (snapshot: StartJudgeJobSnapshot) => snapshot.can({ type: 'user.estimate' });
export const selectCanCancel = (snapshot: StartJudgeJobSnapshot) => snapshot.can({ type: 'user.cancel' });
export const selectPreset = (snapshot: StartJudgeJobSnapshot) => snapshot.context.preset;
