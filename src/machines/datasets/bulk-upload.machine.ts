import { isCsvFile } from '../../domain/shared/csv-file';
import type { BulkUploadCounts, BulkUploadSettings } from '../../domain/datasets/upload-types';
import { uploadMachine } from '../shared/upload.machine';

// The Bulk upload dialog (shared/upload.machine.ts): only CSV files are taken ('Please select a CSV file').
// Beyond the product specification: progress while uploading, and Cancel stops the upload. Its reload target
// (the entries list, or the dataset editor) hears `reload` after a complete upload. Its settings: the dataset
// every row goes into (preset by the dataset editor's 'Upload entries', else none) and whether inputs a dataset
// holds already are skipped (off until the person ticks it).

/** What to do about a refused file or refused rows: the prescribed texts say only that it failed. */
export const NOT_CSV_FIX =
  'Save the file as CSV (comma-separated, UTF-8, a name ending in .csv) with the columns above, or start from the template.';
export const PROBLEMS_FIX = 'Correct these rows in the file, then choose it again and upload.';

export const bulkUploadMachine = uploadMachine<BulkUploadCounts, 'csv', BulkUploadSettings>({
  id: 'bulkUpload',
  uploadId: 'uploadCsv',
  format: 'csv',
  refusal: 'Please select a CSV file',
  settings: { dataset: null, skipExisting: false },
}).provide({
  guards: { isAccepted: (_, { file }: { file: File }) => isCsvFile(file) },
});
