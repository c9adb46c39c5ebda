import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { actorOf } from '../../auth/actor';
import type { Database } from '../../db/database';
import { deleteEvaluation, evaluationDetails, evaluationPage } from '../../evaluations/evaluation-records';
import { evaluationResultPage, evaluationRun } from '../../evaluations/evaluation-results';
import { ErrorSchema } from '../../schemas/errors';
import { EvaluationDetailsSchema, EvaluationSchema } from '../../schemas/evaluations';
import { ListOf, PageOf, PageQuerySchema } from '../../schemas/paging';
import { EvaluationResultListQuerySchema, RunResultSchema } from '../../schemas/results';
import { IdParamsSchema, NoContentSchema, TextFileSchema } from '../../schemas/shared';
import { downloadName, sendDownload } from '../downloads';
import { pageWindow } from '../page-window';
import { RUN_EXPORTS } from '../run-export-files';
import { sendTotal } from '../total-headers';
import { acceptUploads, type UploadSettings } from '../multipart-upload';
import type { RunQueue } from '../../runs/run-queue';
import { evaluationUploadRoute } from './evaluation-upload';

/** Evaluations: rankings made elsewhere, scored against a golden set; their results and exports are their run's, read here too. */
export async function evaluationRoutes(
  fastify: FastifyInstance,
  { db, uploads, runQueue }: { db: Database; uploads: UploadSettings; runQueue: RunQueue },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await acceptUploads(app, uploads, { files: 2, parts: 12 });
  evaluationUploadRoute(app, { db, uploads, runQueue });

  app.get(
    '/evaluations/',
    {
      schema: {
        summary: 'List evaluations, newest first, with their scoring’s status and progress',
        tags: ['evaluations'],
        querystring: PageQuerySchema,
        response: { 200: PageOf(EvaluationSchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await db.connection((c) => evaluationPage(c, pageWindow(request.query)));
      reply.header('X-Total-Count', page.count);
      return page;
    },
  );

  app.get(
    '/evaluations/:id',
    {
      schema: {
        summary: 'Get one evaluation with its means over the queries they count, as a run’s summary',
        tags: ['evaluations'],
        params: IdParamsSchema,
        response: { 200: EvaluationDetailsSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => evaluationDetails(db, request.params.id),
  );

  app.get(
    '/evaluations/:id/results',
    {
      schema: {
        summary:
          "List an evaluation's results (its run's), newest first, or filtered by completion status and input and sorted by a metric or the input (X-Total-Count counts the matches)",
        tags: ['evaluations'],
        params: IdParamsSchema,
        querystring: EvaluationResultListQuerySchema,
        response: { 200: ListOf(RunResultSchema), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { results, ...total } = await db.connection((c) =>
        evaluationResultPage(c, request.params.id, request.query, pageWindow(request.query)),
      );
      sendTotal(reply, total);
      return results;
    },
  );

  for (const { suffix, type, what, body } of RUN_EXPORTS) {
    app.get(
      `/evaluations/:id/results.${suffix}`,
      {
        schema: {
          summary: `Download an evaluation's results (its run's) as ${what}`,
          tags: ['evaluations'],
          params: IdParamsSchema,
          produces: [type.split(';')[0]],
          response: { 200: TextFileSchema(what), 400: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { run_id, name } = await evaluationRun(db, id);
        return sendDownload(reply, type, downloadName('evaluation', id, name, suffix), body(db, run_id));
      },
    );
  }

  app.delete(
    '/evaluations/:id',
    {
      schema: {
        summary: 'Delete an evaluation with its scores and results',
        tags: ['evaluations'],
        params: IdParamsSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteEvaluation(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
