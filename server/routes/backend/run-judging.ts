import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import type { RunQueue } from '../../runs/run-queue';
import { rescoreRun } from '../../runs/rescore-run';
import { unjudgedPage } from '../../runs/unjudged';
import { ErrorSchema } from '../../schemas/errors';
import { ListOf, PageQuerySchema } from '../../schemas/paging';
import { RunSchema } from '../../schemas/runs';
import { RescoreBodySchema } from '../../schemas/run-judges';
import { IdParamsSchema } from '../../schemas/shared';
import { UnjudgedItemSchema } from '../../schemas/judging';
import { pageWindow } from '../page-window';
import { sendTotal } from '../total-headers';

/** Judging what a run found unjudged, and scoring the run again against the judgements as they are now. */
export async function runJudgingRoutes(fastify: FastifyInstance, { db, runQueue }: { db: Database; runQueue: RunQueue }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/experiment-runs/:id/unjudged/',
    {
      schema: {
        summary:
          "Every (query, product) of the run's top k its golden set does not judge now: queries in the run's order, each query's products shuffled (fixed per run); counted up to 10,000",
        tags: ['judging'],
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: ListOf(UnjudgedItemSchema), 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { items, ...total } = await unjudgedPage(db, request.params.id, pageWindow(request.query));
      sendTotal(reply, total);
      return items;
    },
  );

  app.post(
    '/experiment-runs/:id/rescore',
    {
      schema: {
        summary:
          "Score a run that succeeded again from its stored rankings against the golden set as it is now: a new run, tagged rescore, scored with the raters and rule the body chooses (every rater by the set's rule when it has none), which the new run records as judges; refused (409, saying why) for a run not finished, cancelled or failed, or whose golden set is deleted; 400 for a rater that does not rate the set",
        tags: ['judging'],
        params: IdParamsSchema,
        body: RescoreBodySchema,
        response: { 202: RunSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await rescoreRun(db, runQueue, actorOf(request), request.params.id, request.body ?? {})),
  );
}
