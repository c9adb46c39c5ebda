import type { SnapshotFrom } from 'xstate';
import type { goldenSetsPageMachine } from './golden-sets-page.machine';

export type GoldenSetsPageSnapshot = SnapshotFrom<typeof goldenSetsPageMachine>;

export const selectList = (snapshot: GoldenSetsPageSnapshot) => snapshot.context.list;
export const selectUpload = (snapshot: GoldenSetsPageSnapshot) => snapshot.context.upload;
export const selectRename = (snapshot: GoldenSetsPageSnapshot) => snapshot.context.rename;
export const selectExporter = (snapshot: GoldenSetsPageSnapshot) => snapshot.context.exporter;
export const selectDemoData = (snapshot: GoldenSetsPageSnapshot) => snapshot.context.demoData;
