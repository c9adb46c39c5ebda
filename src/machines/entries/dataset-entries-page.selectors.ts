import type { SnapshotFrom } from 'xstate';
import type { datasetEntriesPageMachine } from './dataset-entries-page.machine';

export type DatasetEntriesPageSnapshot = SnapshotFrom<typeof datasetEntriesPageMachine>;

export const selectList = (snapshot: DatasetEntriesPageSnapshot) => snapshot.context.list;
export const selectAddEntry = (snapshot: DatasetEntriesPageSnapshot) => snapshot.context.addEntry;
export const selectBulkUpload = (snapshot: DatasetEntriesPageSnapshot) => snapshot.context.bulkUpload;
export const selectDatasetOptions = (snapshot: DatasetEntriesPageSnapshot) => snapshot.context.datasetOptions;
