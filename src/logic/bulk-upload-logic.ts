import { fromPromise } from 'xstate';
import { bulkUploadMachine } from '../machines/datasets/bulk-upload.machine';
import type { BulkUploadSettings } from '../domain/datasets/upload-types';
import type { UploadRequest } from '../machines/shared/upload.machine';
import type { ConsoleDeps } from './console-deps';

// The Bulk Upload dialog with its upload, for the two screens that open it: Dataset Entries, and the dataset
// editor (whose dialog puts every row into its dataset).
export function bulkUploadLogic(datasetEntries: ConsoleDeps['datasetEntries']) {
  return bulkUploadMachine.provide({
    actors: {
      upload: fromPromise(({ input, signal }: { input: UploadRequest<'csv', BulkUploadSettings>; signal: AbortSignal }) =>
        datasetEntries.uploadEntries(input.file, { signal, onProgress: input.reportProgress, settings: input.settings }),
      ),
    },
  });
}
