import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Database } from '../../db/database';
import { errorSchema, HttpError, notFound } from '../../errors';
import { pageQuery, pageWindow, timestamp, totalCountHeader, type PageQuery } from '../schemas';
import { CatalogueRejectedError, importCatalogue, UploadTooLargeError, type CatalogueFormat, type CatalogueImportCounts } from '../../search/catalogue-import';
import { countMatches, searchProducts } from '../../search/builtin-search';
import { MAX_PRODUCT_ID_LENGTH } from '../../search/catalogue-rows';

export interface CatalogueRouteOptions {
  db: Database;
  uploadLimitMb: number;
}

const MiB = 1024 * 1024;
const PRODUCT_COLUMNS = 'product_id, name, description, image_url, attributes, created_at, updated_at';
const MAX_SEARCH_LENGTH = 1_000;

const productSchema = {
  type: 'object',
  properties: {
    product_id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    image_url: { type: ['string', 'null'] },
    attributes: { type: 'object', additionalProperties: true },
    score: { type: 'number', description: 'With `search`: the ts_rank_cd score the results are ordered by' },
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['product_id', 'name', 'description', 'image_url', 'attributes', 'created_at', 'updated_at'],
} as const;

const productParams = {
  type: 'object',
  properties: { productId: { type: 'string', minLength: 1, maxLength: MAX_PRODUCT_ID_LENGTH } },
  required: ['productId'],
} as const;

const problemSchema = {
  type: 'object',
  properties: {
    row: { type: 'integer', description: 'CSV: the spreadsheet row (the header is 1); JSON Lines: the line (the first is 1)' },
    column: { type: ['string', 'null'], description: 'The column or field at fault, or null for the whole row or line' },
    problem: { type: 'string' },
  },
  required: ['row', 'column', 'problem'],
} as const;

const listQuery = {
  ...pageQuery,
  properties: {
    ...pageQuery.properties,
    search: {
      type: 'string',
      maxLength: MAX_SEARCH_LENGTH,
      description: 'Built-in search (websearch syntax: words, "a phrase", -excluded, or): ranked matches only',
    },
  },
} as const;

export async function catalogueRoutes(app: FastifyInstance, { db, uploadLimitMb }: CatalogueRouteOptions) {
  // Encapsulated: only this plugin's routes accept multipart bodies. Over the limit busboy truncates
  // the file and emits 'limit', which the importer turns into a 413.
  await app.register(multipart, {
    limits: { fileSize: uploadLimitMb * MiB, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: false,
  });

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
          `gives a 400 listing up to 100 problems and nothing is written. Files over ${uploadLimitMb} MiB get a 413.`,
        tags: ['catalogue'],
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          properties: {
            format: { type: 'string', enum: ['csv', 'jsonl'] },
            file: { type: 'string', format: 'binary', description: 'The CSV or JSON Lines file (UTF-8)' },
          },
          required: ['file'],
        },
        response: {
          200: {
            type: 'object',
            description: 'What the import did',
            properties: { imported: { type: 'integer' }, created: { type: 'integer' }, updated: { type: 'integer' } },
            required: ['imported', 'created', 'updated'],
          },
          400: {
            ...errorSchema,
            description: 'Not a multipart form with a `file`, or a file with problems (`details`)',
            properties: { ...errorSchema.properties, details: { type: 'array', items: problemSchema } },
          },
          413: { ...errorSchema, description: 'The file is larger than UPLOAD_LIMIT_MB' },
        },
      },
      // Documents the form for OpenAPI; in stream mode there is no parsed body to validate.
      validatorCompiler: () => () => true,
    },
    async (request): Promise<CatalogueImportCounts> => {
      if (!request.isMultipart()) {
        throw new HttpError(400, 'Send the file as multipart/form-data in a field named "file"');
      }
      const part = await request.file().catch((error: Error & { statusCode?: number }) => {
        if (error.statusCode !== undefined && error.statusCode < 500) throw error;
        throw new HttpError(400, `The multipart form could not be read: ${error.message}`);
      });
      if (!part) throw new HttpError(400, 'The form has no file: send it in a field named "file"');
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new HttpError(400, `The file must be in a form field named "file", not "${part.fieldname}"`);
      }
      let format: CatalogueFormat;
      try {
        format = fileFormat(part.fields.format, part.filename, part.mimetype);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      try {
        return await importCatalogue(db, part.file, format);
      } catch (error) {
        if (error instanceof CatalogueRejectedError) throw new HttpError(400, error.message, error.problems);
        if (error instanceof UploadTooLargeError) {
          throw new HttpError(413, `The file is larger than the upload limit of ${uploadLimitMb} MiB; nothing was imported`);
        }
        if (request.raw.destroyed && !request.raw.complete) throw new HttpError(400, 'The upload was interrupted; nothing was imported');
        throw error;
      }
    },
  );

  app.get<{ Querystring: PageQuery & { search?: string } }>(
    '/catalogue/products/',
    {
      schema: {
        summary: 'List products by product_id, or search them',
        description: 'Without `search`: every product in product_id order. With `search`: the built-in search, best first.',
        tags: ['catalogue'],
        querystring: listQuery,
        response: {
          200: {
            type: 'object',
            headers: totalCountHeader,
            properties: { count: { type: 'integer' }, results: { type: 'array', items: productSchema } },
            required: ['count', 'results'],
          },
          400: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { search } = request.query;
      const [limit, offset] = pageWindow(request.query);
      let count: number;
      let results: unknown[];
      if (search !== undefined && search.trim() !== '') {
        [results, count] = await Promise.all([
          searchProducts(db, search, { limit, offset, columns: 'description, attributes, created_at, updated_at' }),
          countMatches(db, search),
        ]);
      } else {
        const [page, total] = await Promise.all([
          db.query(`SELECT ${PRODUCT_COLUMNS} FROM products ORDER BY product_id COLLATE "C" LIMIT $1 OFFSET $2`, [limit, offset]),
          db.query<{ total: number }>('SELECT count(*)::int AS total FROM products'),
        ]);
        results = page.rows;
        count = total.rows[0].total;
      }
      reply.header('X-Total-Count', count);
      return { count, results };
    },
  );

  app.get<{ Params: { productId: string } }>(
    '/catalogue/products/:productId',
    {
      schema: {
        summary: 'Get one product',
        tags: ['catalogue'],
        params: productParams,
        response: { 200: productSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { rows } = await db.query(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE product_id = $1`, [request.params.productId]);
      if (rows.length === 0) throw notFound('Product', request.params.productId);
      return rows[0];
    },
  );

  app.delete<{ Params: { productId: string } }>(
    '/catalogue/products/:productId',
    {
      schema: {
        summary: 'Delete one product',
        tags: ['catalogue'],
        params: productParams,
        response: { 204: { type: 'null', description: 'Deleted' }, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { rowCount } = await db.query('DELETE FROM products WHERE product_id = $1', [request.params.productId]);
      if (rowCount === 0) throw notFound('Product', request.params.productId);
      return reply.code(204).send();
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
