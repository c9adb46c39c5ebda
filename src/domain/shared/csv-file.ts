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

/** The example the dialog shows, which is also the template it offers to download. */
export const TEMPLATE_CSV = `input,datasets,input_metadata,description
red velvet sofa,Sofas|Living room,"{""locale"":""en-GB""}",A sofa query
oak dining table,Tables,,
`;

/** The template as a link's address: a download needs no call and no script. */
export const templateCsvHref = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE_CSV)}`;

/** A bulk upload's three counts in words: '2,002 entries · 25 datasets · 3,422 links created'. */
export function uploadSummary(counts: { created_entries: number; created_datasets: number; created_mappings: number }): string {
  return [
    counted(counts.created_entries, 'entry', 'entries'),
    counted(counts.created_datasets, 'dataset', 'datasets'),
    `${counted(counts.created_mappings, 'link', 'links')} created`,
  ].join(' · ');
}

/** The example's lines as their space-separated tokens, so the dialog can keep each token on one line. */
export const templateTokens: string[][] = TEMPLATE_CSV.trimEnd()
  .split('\n')
  .map((line) => line.split(' '));
