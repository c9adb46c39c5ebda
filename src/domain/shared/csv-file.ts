// The Bulk upload dialog: which files count as CSV, and how a file's size is shown.
import { counted } from './format-count';

/** Type text/csv or a name ending in .csv (any case). */
export function isCsvFile(file: { name: string; type: string }): boolean {
  return file.type === 'text/csv' || file.name.toLowerCase().endsWith('.csv');
}

/** Bytes, KB or MB with two decimals, 1 KB = 1024 bytes: '512.00 Bytes', '1.50 KB', '80.25 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes.toFixed(2)} Bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Whole percent of an upload, 0–100. */
export function progressPercent(progress: { loaded: number; total: number } | null): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(100, Math.floor((progress.loaded / progress.total) * 100));
}

/** A bulk upload's three counts in words: '2,002 entries · 25 datasets · 3,422 links created'. */
export function uploadSummary(counts: { created_entries: number; created_datasets: number; created_mappings: number }): string {
  return [
    counted(counts.created_entries, 'entry', 'entries'),
    counted(counts.created_datasets, 'dataset', 'datasets'),
    `${counted(counts.created_mappings, 'link', 'links')} created`,
  ].join(' · ');
}

/**
 * What became of the inputs that were there already, matched ignoring case and spaces: 'No input was in its
 * dataset already.', or '3 inputs were in their dataset already and 1 repeated an earlier row: added anyway.'
 * (or ': skipped, 4 rows not stored.').
 */
export function existingInputsSummary(
  counts: { existing_inputs: number; repeated_inputs: number; skipped_inputs: number },
  skipped: boolean,
): string {
  const { existing_inputs: existing, repeated_inputs: repeated } = counts;
  if (existing + repeated === 0) return 'No input was in its dataset already.';
  const parts = [
    existing > 0 ? `${counted(existing, 'input was', 'inputs were')} in their dataset already` : '',
    repeated > 0 ? `${counted(repeated, 'input', 'inputs')} repeated an earlier row` : '',
  ].filter((part) => part !== '');
  const outcome = skipped ? `skipped, ${counted(counts.skipped_inputs, 'row', 'rows')} not stored` : 'added anyway';
  return `${parts.join(' and ')}: ${outcome}.`;
}
