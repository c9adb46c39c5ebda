import type { SnapshotFrom } from 'xstate';
import type { datasetsPageMachine } from './datasets-page.machine';

export type DatasetsPageSnapshot = SnapshotFrom<typeof datasetsPageMachine>;

export const selectList = (snapshot: DatasetsPageSnapshot) => snapshot.context.list;
export const selectCreateDataset = (snapshot: DatasetsPageSnapshot) => snapshot.context.createDataset;
