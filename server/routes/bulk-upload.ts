import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Database } from '../db/database';
import { errorSchema, HttpError } from '../errors';
import { CsvRejectedError, importEntriesCsv, UploadTooLargeError, type BulkUploadCounts } from '../bulk/import-csv';
import type { EntryWriterOptions } from '../bulk/entry-writer';

export interface BulkUploadOptions {
  db: Database;
  uploadLimitMb: number;
  /** Tuning and tests only; production uses the defaults. */
  writer?: EntryWriterOptions;
}

const MiB = 1024 * 1024;

const problemSchema = {
  type: 'object',
  properties: {
    row: { type: 'integer', description: 'Spreadsheet row: the header is 1' },
    column: { type: ['string', 'null'], description: 'Header name of the cell, or null for the whole row' },
    problem: { type: 'string' },
  },
  required: ['row', 'column', 'problem'],
} as const;

const countsSchema = {
  type: 'object',
  properties: {
    created_entries: { type: 'integer' },
    created_datasets: { type: 'integer' },
    created_mappings: { type: 'integer' },
  },
  required: ['created_entries', 'created_datasets', 'created_mappings'],
} as const;

export async function bulkUploadRoutes(app: FastifyInstance, opts: BulkUploadOptions) {
  const limitBytes = opts.uploadLimitMb * MiB;
  // Encapsulated here: only this plugin's routes accept multipart bodies. Over the limit, busboy
  // truncates the file and emits 'limit', which the importer turns into a 413.
  await app.register(multipart, {
    limits: { fileSize: limitBytes, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: false,
  });

  app.post(
    '/dataset-entries/bulk-upload',
    {
      schema: {
        summary: 'Create entries (and any datasets they name) from a CSV file, all or nothing',
        description:
          'Multipart form with the CSV in field `file` (UTF-8, header row; columns `input` (required), ' +
          '`datasets` (names separated by `|`; unknown names are created), `input_metadata` (a JSON object), ' +
          '`description`; any other column becomes a metadata key). One transaction: any bad row gives a 400 ' +
          `listing up to 100 problems and nothing is written. Files over ${opts.uploadLimitMb} MiB get a 413.`,
        tags: ['dataset entries'],
        consumes: ['multipart/form-data'],
        // Documents the form for OpenAPI; in stream mode there is no parsed body to validate.
        body: {
          type: 'object',
          properties: { file: { type: 'string', format: 'binary', description: 'The CSV file' } },
          required: ['file'],
        },
        response: {
          200: { ...countsSchema, description: 'What the upload created' },
          400: {
            ...errorSchema,
            description: 'Not a multipart form with a `file`, or a CSV with problems (`details`)',
            properties: { ...errorSchema.properties, details: { type: 'array', items: problemSchema } },
          },
          413: { ...errorSchema, description: 'The file is larger than UPLOAD_LIMIT_MB' },
        },
      },
      validatorCompiler: () => () => true,
    },
    async (request): Promise<BulkUploadCounts> => {
      if (!request.isMultipart()) {
        throw new HttpError(400, 'Send the CSV as multipart/form-data with the file in a field named "file"');
      }
      const part = await request.file().catch((error: Error & { statusCode?: number }) => {
        if (error.statusCode !== undefined && error.statusCode < 500) throw error;
        throw new HttpError(400, `The multipart form could not be read: ${error.message}`);
      });
      if (!part) throw new HttpError(400, 'The form has no file: send the CSV in a field named "file"');
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new HttpError(400, `The CSV must be in a form field named "file", not "${part.fieldname}"`);
      }
      try {
        return await importEntriesCsv(opts.db, part.file, opts.writer);
      } catch (error) {
        if (error instanceof CsvRejectedError) throw new HttpError(400, error.message, error.problems);
        if (error instanceof UploadTooLargeError) {
          throw new HttpError(413, `The file is larger than the upload limit of ${opts.uploadLimitMb} MiB; nothing was imported`);
        }
        // The client went away mid-upload: rolled back, and nobody to tell, so not a server error.
        if (request.raw.destroyed && !request.raw.complete) {
          throw new HttpError(400, 'The upload was interrupted; nothing was imported');
        }
        throw error;
      }
    },
  );
}
