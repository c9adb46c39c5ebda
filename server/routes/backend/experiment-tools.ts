import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { requireRow } from '../../db/require-row';
import { coverage } from '../../golden-sets/coverage';
import { assertUsableConfig } from '../../runs/experiment-config';
import { resultWithNames } from '../../runs/result-details';
import { createSearchTarget, type SearchTargetFactory } from '../../search/search-targets';
import { CoverageQuerySchema, CoverageSchema } from '../../schemas/coverage';
import { ErrorSchema } from '../../schemas/errors';
import { RunResultWithNamesSchema } from '../../schemas/results';
import { TryQuerySchema, TryResultSchema } from '../../schemas/search-try';
import { IdParamsSchema } from '../../schemas/shared';
import { tryQuery } from '../../search/try-query';

/** What the experiment workbench asks besides runs: a query tried through a target, a golden set's coverage, one result. */
export async function experimentToolRoutes(
  fastify: FastifyInstance,
  { db, createTarget = createSearchTarget }: { db: Database; createTarget?: SearchTargetFactory },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/search-targets/try',
    {
      config: { writes: false },
      schema: {
        summary:
          'Send one query through a search target as configured (saved or not): the hits as a run reads them, graded by a golden set, and the time taken; a failed search answers 200 with `problem`',
        tags: ['experiments'],
        body: TryQuerySchema,
        response: { 200: TryResultSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      // What saving would refuse is refused here too, with the same 400.
      await assertUsableConfig(db, request.body, 'body');
      return tryQuery(db, createTarget, request.body);
    },
  );

  app.get(
    '/golden-sets/:id/coverage',
    {
      schema: {
        summary: "How many of a dataset's queries the golden set judges above 0 (what a run scores), and which it does not",
        tags: ['golden sets'],
        params: IdParamsSchema,
        querystring: CoverageQuerySchema,
        response: { 200: CoverageSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { dataset_id: datasetId } = request.query;
      await requireRow(db, 'golden_sets', id);
      await requireRow(db, 'datasets', datasetId, { field: 'querystring.dataset_id' });
      return coverage(db, id, datasetId);
    },
  );

  app.get(
    '/experiment-run-results/:id',
    {
      schema: {
        summary: "Get one run result by id (its details screen opened from an address), with the catalogue's names of its judged products",
        tags: ['experiment runs'],
        params: IdParamsSchema,
        response: { 200: RunResultWithNamesSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => resultWithNames(db, request.params.id),
  );
}
