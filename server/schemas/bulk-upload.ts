/** The bulk upload of dataset entries from a CSV file. */
import { Type, type Static } from 'typebox';
import { ID_RANGE, Nullable } from './shared';

export const BulkUploadFormSchema = Type.Object({ file: Type.String({ format: 'binary', description: 'The CSV file' }) });

export const BulkUploadQuerySchema = Type.Object(
  {
    dataset_id: Type.Optional(
      Type.Integer({
        ...ID_RANGE,
        description: 'Put every row into this dataset, besides any its `datasets` cell names (404 when there is none)',
      }),
    ),
    on_existing: Type.Optional(
      Type.Enum(['add', 'skip'], {
        type: 'string',
        default: 'add',
        description:
          'A row whose input a dataset it goes into already holds, or an earlier row of the file put there (compared ' +
          'ignoring case and spaces): `add` stores it anyway, `skip` leaves it out of that dataset (and unstored when ' +
          'that leaves it in no dataset)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const BulkUploadCountsSchema = Type.Object(
  {
    created_entries: Type.Integer(),
    created_datasets: Type.Integer(),
    created_mappings: Type.Integer(),
    existing_inputs: Type.Integer({ description: 'Rows whose input a dataset they go into already held before the upload' }),
    repeated_inputs: Type.Integer({ description: 'Other rows whose input an earlier row of the file put into the same dataset' }),
    skipped_inputs: Type.Integer({ description: 'Rows left out of every dataset they named (`on_existing=skip`), so not stored' }),
  },
  { description: 'What the upload created, and how many of its inputs were there already' },
);
export type BulkUploadCounts = Static<typeof BulkUploadCountsSchema>;

export const CsvProblemSchema = Type.Object({
  row: Type.Integer({ description: 'Spreadsheet row: the header is 1' }),
  column: Nullable(Type.String({ description: 'Header name of the cell, or null for the whole row' })),
  problem: Type.String(),
});
export type CsvProblem = Static<typeof CsvProblemSchema>;
