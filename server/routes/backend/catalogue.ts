import { settleImport } from '../../db/after-import';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { recordAudit } from '../../audit/audit-trail';
import { quoted } from '../../audit/audit-summaries';
import { pageKeys } from '../../db/page-keys';
import { rowCount } from '../../db/row-counts';
import { HttpError, notFound } from '../../errors';
import { importCatalogue, type CatalogueFormat } from '../../search/catalogue-import';
import { countMatches, searchProducts } from '../../search/builtin-search';
import { gradesOfQuery } from '../../golden-sets/query-grades';
import {
  CatalogueFormSchema,
  CatalogueImportCountsSchema,
  CatalogueProblemSchema,
  ProductDeletedSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductParamsSchema,
  ProductSchema,
  type Product,
} from '../../schemas/catalogue';
import { DescribedErrorSchema, ErrorSchema, ProblemsErrorSchema } from '../../schemas/errors';
import { acceptUploads, importUpload, singleFile, uploadFailure, type UploadSettings } from '../multipart-upload';
import { pageWindow } from '../page-window';

export interface CatalogueRouteOptions {
  db: Database;
  uploads: UploadSettings;
}

const PRODUCT_COLUMNS = 'product_id, name, description, image_url, attributes, created_at, updated_at';

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
      if (goldenSetId !== undefined) {
        const found = await db.query('SELECT 1 FROM golden_sets WHERE id = $1', [goldenSetId]);
        if (found.rows.length === 0) throw new HttpError(400, `querystring.golden_set_id: golden set ${goldenSetId} does not exist`);
      }
      const [limit, offset] = pageWindow(request.query);
      let count: number;
      let results: Product[];
      if (search !== undefined && search.trim() !== '') {
        [results, count] = await Promise.all([
          searchProducts<Product>(db, search, { limit, offset, columns: 'description, attributes, created_at, updated_at' }),
          countMatches(db, search),
        ]);
        if (goldenSetId !== undefined) {
          // What the built-in target returns, graded as a run would grade it: by the search text's query key.
          const grades = await gradesOfQuery(db, goldenSetId, search);
          results = results.map((product) => ({ ...product, grade: grades.get(product.product_id) ?? null }));
        }
      } else {
        count = await rowCount(db, 'products');
        const ids = await pageKeys<string>(db, {
          select: 'SELECT product_id AS key FROM products',
          params: [],
          order: [['product_id COLLATE "C"', 'ASC']],
          limit,
          offset,
          total: count,
        });
        const page = await db.query<Product>(
          `SELECT ${PRODUCT_COLUMNS} FROM products WHERE product_id = ANY($1::text[]) ORDER BY product_id COLLATE "C"`,
          [ids],
        );
        results = page.rows;
      }
      reply.header('X-Total-Count', count);
      return { count, results };
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
    async (request) => {
      const { rows } = await db.query<Product>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE product_id = $1`, [request.params.productId]);
      if (rows.length === 0) throw notFound('Product', request.params.productId);
      return rows[0];
    },
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
      const { productId } = request.params;
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ name: string }>('DELETE FROM products WHERE product_id = $1 RETURNING name', [productId]);
        if (rows.length === 0) throw notFound('Product', productId);
        await recordAudit(tx, actorOf(request), {
          action: 'product.delete',
          target_type: 'product',
          target_id: productId,
          summary: quoted(rows[0].name),
        });
      });
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
