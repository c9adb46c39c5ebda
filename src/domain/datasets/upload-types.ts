// What an upload reports: the bulk upload's counts, its progress, and the row-level problems of a refused file.
// The server's answers are typed by its schemas (server/schemas/), imported as types only.
import type { BulkUploadCounts, CsvProblem as EntryProblem } from '../../../server/schemas/bulk-upload';
import type { JudgementProblem } from '../../../server/schemas/golden-sets';
import type { DatasetRef } from '../evaluations/evaluation-service-types';

export type { BulkUploadCounts };

/**
 * One problem the server found in the CSV: `row` counts the header as 1; `column` null means the whole row;
 * `file` names the form field of the file at fault when a form carries more than one (golden sets).
 */
export type CsvProblem = EntryProblem & { file?: JudgementProblem['file'] };

export type UploadProgress = { loaded: number; total: number };

export type UploadOptions = { onProgress?(progress: UploadProgress): void; signal?: AbortSignal };

/** The bulk upload's own settings: the dataset every row goes into (none: only the ones rows name), and whether inputs there already are skipped. */
export type BulkUploadSettings = { dataset: DatasetRef | null; skipExisting: boolean };

export type CsvUploader = (
  file: Blob & { name?: string },
  options?: UploadOptions & { settings?: BulkUploadSettings },
) => Promise<BulkUploadCounts>;
