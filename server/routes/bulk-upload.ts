import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { actorOf } from '../auth/actor';
import { importEntriesCsv } from '../bulk/import-csv';
import { settleImport } from '../db/after-import';
import type { EntryWriterOptions } from '../bulk/entry-writer';
import { BulkUploadCountsSchema, BulkUploadFormSchema, BulkUploadQuerySchema, CsvProblemSchema } from '../schemas/bulk-upload';
import { DescribedErrorSchema, ProblemsErrorSchema } from '../schemas/errors';
import { validatorCompiler } from '../validators';
import { acceptUploads, importUpload, singleFile, uploadFailure, type UploadSettings } from './multipart-upload';

export interface BulkUploadOptions {
  db: Database;
  uploads: UploadSettings;
  /** Tuning and tests only; production uses the defaults. */
  writer?: EntryWriterOptions;
}

export async function bulkUploadRoutes(fastify: FastifyInstance, opts: BulkUploadOptions) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await acceptUploads(app, opts.uploads, { files: 1, parts: 20 });

  app.post(
    '/dataset-entries/bulk-upload',
    {
      schema: {
        summary: 'Create entries (and any datasets they name) from a CSV file, all or nothing',
        description:
          'Multipart form with the CSV in field `file` (UTF-8, header row; columns `input` (required), ' +
          '`datasets` (names separated by `|`; unknown names are created), `input_metadata` (a JSON object), ' +
          '`description`; any other column becomes a metadata key). One transaction: any bad row gives a 400 ' +
          'listing up to 100 problems and nothing is written. `dataset_id` puts every row into that dataset too. ' +
          'The answer says how many inputs a dataset they go into held already, or an earlier row put there, ' +
          'compared ignoring case and spaces; `on_existing=skip` leaves those out. ' +
          `Files over ${opts.uploads.limitMb} MiB get a 413.`,
        tags: ['dataset entries'],
        consumes: ['multipart/form-data'],
        querystring: BulkUploadQuerySchema,
        // Documents the form for OpenAPI; in stream mode there is no parsed body to validate.
        body: BulkUploadFormSchema,
        response: {
          200: BulkUploadCountsSchema,
          400: ProblemsErrorSchema(
            CsvProblemSchema,
            'Not a multipart form with a `file`, a bad option, or a CSV with problems (`details`)',
          ),
          404: DescribedErrorSchema('No dataset has the id `dataset_id`'),
          413: DescribedErrorSchema('The file is larger than UPLOAD_LIMIT_MB'),
        },
      },
      // The query string is checked as everywhere else; the streamed body is read by the importer.
      validatorCompiler: (route) => (route.httpPart === 'body' ? () => true : validatorCompiler(route)),
    },
    async (request) => {
      const part = await singleFile(request, {
        notMultipart: 'Send the CSV as multipart/form-data with the file in a field named "file"',
        noFile: 'The form has no file: send the CSV in a field named "file"',
        what: 'The CSV',
      });
      try {
        const actor = actorOf(request);
        const target = { datasetId: request.query.dataset_id, onExisting: request.query.on_existing ?? 'add' };
        const counts = await importUpload(part.file, opts.uploads, { db: opts.db, imported: 'entries', log: request.log }, (file) =>
          importEntriesCsv(opts.db, actor, file, opts.writer, target),
        );
        await settleImport(opts.db, 'entries', counts.created_entries, request.log);
        return counts;
      } catch (error) {
        throw uploadFailure(error, request, opts.uploads);
      }
    },
  );
}
