import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { HttpError, notFound } from '../../errors';
import { coverage } from '../../golden-sets/coverage';
import { assertUsableConfig } from '../../runs/experiment-config';
import { createSearchTarget, type SearchTargetFactory } from '../../search/search-targets';
import { CoverageQuerySchema, CoverageSchema } from '../../schemas/coverage';
import { ErrorSchema } from '../../schemas/errors';
import { RunResultWithNamesSchema, type ExperimentRunResult } from '../../schemas/results';
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
      const set = await db.query('SELECT 1 FROM golden_sets WHERE id = $1', [id]);
      if (set.rows.length === 0) throw notFound('Golden set', id);
      const dataset = await db.query('SELECT 1 FROM datasets WHERE id = $1', [datasetId]);
      if (dataset.rows.length === 0) throw new HttpError(400, `querystring.dataset_id: dataset ${datasetId} does not exist`);
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
    async (request) => {
      const { rows } = await db.query<ExperimentRunResult & { run_id: number }>(
        'SELECT id, entry_id, run_id, experiment_configuration, created_at, result FROM experiment_run_results WHERE id = $1',
        [request.params.id],
      );
      if (rows.length === 0) throw notFound('Experiment run result', request.params.id);
      // The catalogue's names of the judged products: those the search did not return have no name otherwise.
      const judged = (rows[0].result.results?.golden_set ?? []).map((product) => product.product_id);
      const names = await db.query<{ product_id: string; name: string }>(
        'SELECT product_id, name FROM products WHERE product_id = ANY($1::text[])',
        [judged],
      );
      return { ...rows[0], product_names: Object.fromEntries(names.rows.map((row) => [row.product_id, row.name])) };
    },
  );
}
