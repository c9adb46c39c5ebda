import { settleImport } from '../../db/after-import';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { HttpError } from '../../errors';
import { importCatalogue, type CatalogueFormat } from '../../search/catalogue-import';
import { deleteProduct, loadProduct, productPage } from '../../search/catalogue-products';
import {
  CatalogueFormSchema,
  CatalogueImportCountsSchema,
  CatalogueProblemSchema,
  ProductDeletedSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductParamsSchema,
  ProductSchema,
} from '../../schemas/catalogue';
import { DescribedErrorSchema, ErrorSchema, ProblemsErrorSchema } from '../../schemas/errors';
import { acceptUploads, importUpload, singleFile, uploadFailure, type UploadSettings } from '../multipart-upload';
import { pageWindow } from '../page-window';

export interface CatalogueRouteOptions {
  db: Database;
  uploads: UploadSettings;
}

export async function catalogueRoutes(fastify: FastifyInstance, { db, uploads }: CatalogueRouteOptions) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await acceptUploads(app, uploads, { files: 1, parts: 20 });

  app.post(
    '/catalogue/import',
    {
      schema: {
        summary: 'Add or update products from a CSV or JSON Lines file, all or nothing',
        description:
          'Multipart form with the file in field `file`. CSV: a header row with `product_id` and `name` (required), ' +
          '`description`, `image_url`, `attributes` (a JSON object); any other column becomes a text attribute. ' +
          'JSON Lines: one object per line with the same fields; other keys become attributes. The format comes from ' +
          'a `format` field (`csv` or `jsonl`, sent before the file), else from the file name (.jsonl, .ndjson), else CSV. ' +
          'Products are matched by product_id: new ones are created, known ones replaced. One transaction: any bad row ' +
          `gives a 400 listing up to 100 problems and nothing is written. Files over ${uploads.limitMb} MiB get a 413.`,
        tags: ['catalogue'],
        consumes: ['multipart/form-data'],
        body: CatalogueFormSchema,
        response: {
          200: CatalogueImportCountsSchema,
          400: ProblemsErrorSchema(CatalogueProblemSchema, 'Not a multipart form with a `file`, or a file with problems (`details`)'),
          409: DescribedErrorSchema('A change to the same products was saved at the same moment: send the file again'),
          413: DescribedErrorSchema('The file is larger than UPLOAD_LIMIT_MB'),
        },
      },
      // Documents the form for OpenAPI; in stream mode there is no parsed body to validate.
      validatorCompiler: () => () => true,
    },
    async (request) => {
      const part = await singleFile(request, {
        notMultipart: 'Send the file as multipart/form-data in a field named "file"',
        noFile: 'The form has no file: send it in a field named "file"',
        what: 'The file',
      });
      let format: CatalogueFormat;
      try {
        format = fileFormat(part.fields.format, part.filename, part.mimetype);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      try {
        const actor = actorOf(request);
        const counts = await importUpload(part.file, uploads, { db, imported: 'products', log: request.log }, (file) =>
          importCatalogue(db, actor, file, format),
        );
        // Searches otherwise scan what the import left pending: 8× slower at 50,000 products.
        await settleImport(db, 'products', counts.imported, request.log);
        return counts;
      } catch (error) {
        throw uploadFailure(error, request, uploads);
      }
    },
  );

  app.get(
    '/catalogue/products/',
    {
      schema: {
        summary: 'List products by product_id, or search them',
        description:
          'Without `search`: every product in product_id order. With `search`: the built-in search, best first; with ' +
          '`golden_set_id` too, each product carries the grade that golden set gives it for the search text (null: not judged).',
        tags: ['catalogue'],
        querystring: ProductListQuerySchema,
        response: { 200: ProductPageSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { search, golden_set_id: goldenSetId } = request.query;
      const page = await db.connection((c) => productPage(c, { search, goldenSetId }, pageWindow(request.query)));
      reply.header('X-Total-Count', page.count);
      return page;
    },
  );

  app.get(
    '/catalogue/products/:productId',
    {
      schema: {
        summary: 'Get one product',
        tags: ['catalogue'],
        params: ProductParamsSchema,
        response: { 200: ProductSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => loadProduct(db, request.params.productId),
  );

  app.delete(
    '/catalogue/products/:productId',
    {
      schema: {
        summary: 'Delete one product',
        tags: ['catalogue'],
        params: ProductParamsSchema,
        response: { 204: ProductDeletedSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteProduct(db, actorOf(request), request.params.productId);
      return reply.code(204).send(null);
    },
  );
}

/** The `format` field when given, else the file's name or type; CSV by default. */
function fileFormat(field: unknown, filename: string, mimetype: string): CatalogueFormat {
  const value = field && typeof field === 'object' && 'value' in field ? (field as { value: unknown }).value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const format = value.trim().toLowerCase();
    if (format === 'csv' || format === 'jsonl') return format;
    throw new HttpError(400, `The "format" field must be "csv" or "jsonl", not "${value.slice(0, 40)}"`);
  }
  if (/\.(jsonl|ndjson)$/i.test(filename) || /^application\/(x-)?(jsonl|ndjson|json-lines)$/i.test(mimetype)) return 'jsonl';
  return 'csv';
}
