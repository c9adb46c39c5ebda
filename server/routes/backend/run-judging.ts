import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import type { RunQueue } from '../../runs/run-queue';
import { rescoreRun } from '../../runs/rescore-run';
import { unjudgedPage } from '../../runs/unjudged';
import { ErrorSchema } from '../../schemas/errors';
import { RunSchema } from '../../schemas/runs';
import { RescoreBodySchema } from '../../schemas/run-judges';
import { IdParamsSchema } from '../../schemas/shared';
import { QueueSchema, RunQueueQuerySchema } from '../../schemas/judging';
import { HttpError } from '../../errors';
import { regressedQueries } from '../../comparisons/regressed-queries';
import type { ComparisonCache } from '../../comparisons/run-comparison';
import { ownRater } from '../../golden-sets/rating-queue';
import { setQueuePage } from '../../golden-sets/set-queue';
import { PageQuerySchema } from '../../schemas/paging';
import { pageWindow } from '../page-window';
import { sendQueueTotals } from '../total-headers';

/** The judge queues (of a run, of a golden set), and scoring the run again against the judgements as they are now. */
export async function runJudgingRoutes(
  fastify: FastifyInstance,
  { db, runQueue, comparisonOf }: { db: Database; runQueue: RunQueue; comparisonOf: ComparisonCache },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/experiment-runs/:id/unjudged/',
    {
      schema: {
        summary:
          "The signed-in person's judge queue of a run: the (query, product) pairs of its top k the golden set wants more ratings of (ratings_per_pair) that this person has not rated, fewest ratings first, then top ranks, then the run's order; without grades. Scoped to the queries the set judges unless `scope` says otherwise; each pair says whether its query is new to the set. Pairs counted up to 10,000 (X-Total-Count), and the ratings still missing in scope (X-Missing-Ratings)",
        tags: ['judging'],
        params: IdParamsSchema,
        querystring: RunQueueQuerySchema,
        response: { 200: QueueSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { scope = 'judged', query, comparison } = request.query;
      if (scope === 'regressions' && comparison === undefined) {
        throw new HttpError(400, 'querystring.comparison is required with scope=regressions: the run to compare with');
      }
      const regressed = scope === 'regressions' ? await regressedQueries(db, comparisonOf, comparison!, id) : undefined;
      const person = await ownRater(db, actorOf(request).sub);
      const { items, ...totals } = await db.connection((c) =>
        unjudgedPage(c, id, { scope, query, regressed }, person, pageWindow(request.query)),
      );
      sendQueueTotals(reply, totals);
      return items;
    },
  );

  app.get(
    '/golden-sets/:id/queue/',
    {
      schema: {
        summary:
          "The signed-in person's judge queue of a golden set as a whole: its pairs with fewer ratings than its ratings_per_pair that this person has not rated, fewest ratings first, then by query and product; without grades. Pairs counted up to 10,000 (X-Total-Count), and the ratings still missing (X-Missing-Ratings)",
        tags: ['judging'],
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: QueueSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const person = await ownRater(db, actorOf(request).sub);
      const { items, ...totals } = await db.connection((c) => setQueuePage(c, request.params.id, person, pageWindow(request.query)));
      sendQueueTotals(reply, totals);
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
