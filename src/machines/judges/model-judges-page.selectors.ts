import type { SnapshotFrom } from 'xstate';
import type { modelJudgesPageMachine } from './model-judges-page.machine';

type ModelJudgesPageSnapshot = SnapshotFrom<typeof modelJudgesPageMachine>;

export const selectList = (snapshot: ModelJudgesPageSnapshot) => snapshot.context.list;
export const selectJudgeForm = (snapshot: ModelJudgesPageSnapshot) => snapshot.context.judgeForm;
export const selectStartJob = (snapshot: ModelJudgesPageSnapshot) => snapshot.context.startJob;
export const selectGoldenSetOptions = (snapshot: ModelJudgesPageSnapshot) => snapshot.context.goldenSetOptions;
