import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { judgementQueriesTsv, judgementsCsv, judgementsQrels } from '../../golden-sets/export-judgements';
import { productsNotInCatalogueCsv, queriesWithoutEntryCsv } from '../../golden-sets/upload-warnings';
import { goldenSetName, goldenSetPage, loadGoldenSet } from '../../golden-sets/golden-set-records';
import { changeGoldenSet, deleteGoldenSet } from '../../golden-sets/golden-set-changes';
import { ErrorSchema } from '../../schemas/errors';
import { GoldenSetChangesSchema, GoldenSetSchema } from '../../schemas/golden-sets';
import { PageOf, PageQuerySchema } from '../../schemas/paging';
import { IdParamsSchema, NoContentSchema, TextFileSchema } from '../../schemas/shared';
import { downloadName, sendDownload } from '../downloads';
import { acceptUploads, type UploadSettings } from '../multipart-upload';
import { pageWindow } from '../page-window';
import { requireText } from '../text-fields';
import { goldenSetUploadRoute } from './golden-set-upload';
import { clickLogRoute } from './click-logs';

const exports = [
  {
    suffix: 'export.csv',
    type: 'text/csv; charset=utf-8',
    what: 'CSV `query,product_id,relevance` (formula-safe cells)',
    body: judgementsCsv,
  },
  { suffix: 'export.qrels', type: 'text/plain; charset=utf-8', what: 'TREC qrels `qid 0 docid grade`', body: judgementsQrels },
  {
    suffix: 'export.queries.tsv',
    type: 'text/tab-separated-values; charset=utf-8',
    what: 'the `qid<TAB>query` lines of export.qrels',
    body: judgementQueriesTsv,
  },
  {
    suffix: 'queries-without-entry.csv',
    type: 'text/csv; charset=utf-8',
    what: 'the CSV `query` of judged queries no dataset entry asks',
    body: queriesWithoutEntryCsv,
  },
  {
    suffix: 'products-not-in-catalogue.csv',
    type: 'text/csv; charset=utf-8',
    what: 'the CSV `product_id` of judged products not in the catalogue',
    body: productsNotInCatalogueCsv,
  },
];

export async function goldenSetRoutes(fastify: FastifyInstance, opts: { db: Database; uploads: UploadSettings }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;
  await acceptUploads(app, opts.uploads, { files: 2, parts: 12 });

  app.get(
    '/golden-sets/',
    {
      schema: {
        summary: 'List golden sets, newest first, with their query and judgement counts',
        tags: ['golden sets'],
        querystring: PageQuerySchema,
        response: { 200: PageOf(GoldenSetSchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await db.connection((c) => goldenSetPage(c, pageWindow(request.query)));
      reply.header('X-Total-Count', page.count);
      return page;
    },
  );

  app.get(
    '/golden-sets/:id',
    {
      schema: {
        summary: 'Get one golden set',
        tags: ['golden sets'],
        params: IdParamsSchema,
        response: { 200: GoldenSetSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => loadGoldenSet(db, request.params.id),
  );

  goldenSetUploadRoute(app, opts);
  clickLogRoute(app, opts);

  app.patch(
    '/golden-sets/:id',
    {
      schema: {
        summary: 'Rename a golden set or change its description, market or scale (not below a grade it holds)',
        tags: ['golden sets'],
        params: IdParamsSchema,
        body: GoldenSetChangesSchema,
        response: { 200: GoldenSetSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const { body } = request;
      const name = body.name === undefined ? null : requireText(body.name, 'name');
      return changeGoldenSet(db, actorOf(request), request.params.id, { ...body, name });
    },
  );

  app.delete(
    '/golden-sets/:id',
    {
      schema: {
        summary:
          'Delete a golden set and its judgements; refused (409, naming them) while experiments or runs still going score against it',
        tags: ['golden sets'],
        params: IdParamsSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteGoldenSet(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const { suffix, type, what, body } of exports) {
    app.get(
      `/golden-sets/:id/${suffix}`,
      {
        schema: {
          summary: `Download a golden set's judgements as ${what}`,
          tags: ['golden sets'],
          params: IdParamsSchema,
          produces: [type.split(';')[0]],
          response: { 200: TextFileSchema(what), 400: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const filename = downloadName('golden-set', id, await goldenSetName(db, id), suffix.replace('export.', ''));
        return sendDownload(reply, type, filename, body(db, id));
      },
    );
  }
}
