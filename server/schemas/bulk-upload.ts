/** The bulk upload of dataset entries from a CSV file. */
import { Type, type Static } from 'typebox';
import { Nullable } from './shared';

export const BulkUploadFormSchema = Type.Object({ file: Type.String({ format: 'binary', description: 'The CSV file' }) });

export const BulkUploadCountsSchema = Type.Object(
  { created_entries: Type.Integer(), created_datasets: Type.Integer(), created_mappings: Type.Integer() },
  { description: 'What the upload created' },
);
export type BulkUploadCounts = Static<typeof BulkUploadCountsSchema>;

export const CsvProblemSchema = Type.Object({
  row: Type.Integer({ description: 'Spreadsheet row: the header is 1' }),
  column: Nullable(Type.String({ description: 'Header name of the cell, or null for the whole row' })),
  problem: Type.String(),
});
export type CsvProblem = Static<typeof CsvProblemSchema>;
