import type { SnapshotFrom } from 'xstate';
import type { uploadGoldenSetMachine } from './upload-golden-set.machine';

export type UploadGoldenSetSnapshot = SnapshotFrom<typeof uploadGoldenSetMachine>;

export const selectIsOpen = (snapshot: UploadGoldenSetSnapshot) => snapshot.hasTag('modalOpen');
export const selectIsBusy = (snapshot: UploadGoldenSetSnapshot) => snapshot.hasTag('busy');
export const selectName = (snapshot: UploadGoldenSetSnapshot) => snapshot.context.name;
export const selectDescription = (snapshot: UploadGoldenSetSnapshot) => snapshot.context.description;
export const selectMarket = (snapshot: UploadGoldenSetSnapshot) => snapshot.context.market;
export const selectMaxGrade = (snapshot: UploadGoldenSetSnapshot) => snapshot.context.maxGrade;
export const selectGradeLabels = (snapshot: UploadGoldenSetSnapshot) => snapshot.context.gradeLabels;
export const selectFormat = (snapshot: UploadGoldenSetSnapshot) => snapshot.context.format;
export const selectUploadError = (snapshot: UploadGoldenSetSnapshot) => snapshot.context.error;
export const selectProblems = (snapshot: UploadGoldenSetSnapshot) => snapshot.context.problems;
export const selectCanSubmit = (snapshot: UploadGoldenSetSnapshot) => snapshot.can({ type: 'user.submit' });
export const selectCanCancel = (snapshot: UploadGoldenSetSnapshot) => snapshot.can({ type: 'user.cancel' });
export const selectIsComplete = (snapshot: UploadGoldenSetSnapshot) => snapshot.matches('complete');
export const selectResult = (snapshot: UploadGoldenSetSnapshot) => snapshot.context.result;
