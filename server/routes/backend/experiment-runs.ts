import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { errorSchema, notFound } from '../../errors';
import { idSchema, pageQuery, pageWindow, totalCountHeader, type PageQuery } from '../schemas';
import { runResultSchema, runSchema } from './schemas';

const RUN_COLUMNS = 'id, evaluation_script_name, tags, status, total_cost, created_at, updated_at';

export async function experimentRunRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get<{ Params: { experimentId: number } }>(
    '/experiment-runs/by_experiment/:experimentId',
    {
      schema: {
        summary: "List an experiment's runs, newest first (unpaged, as spec §7 has it)",
        tags: ['experiment runs'],
        params: { type: 'object', properties: { experimentId: idSchema }, required: ['experimentId'] },
        response: { 200: { type: 'array', items: runSchema }, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { experimentId } = request.params;
      const experiment = await db.query('SELECT 1 FROM experiments WHERE id = $1', [experimentId]);
      if (experiment.rows.length === 0) throw notFound('Experiment', experimentId);
      const { rows } = await db.query(
        `SELECT ${RUN_COLUMNS} FROM experiment_runs WHERE experiment_id = $1 ORDER BY created_at DESC, id DESC`,
        [experimentId],
      );
      return rows;
    },
  );

  app.get<{ Params: { runId: number }; Querystring: PageQuery }>(
    '/experiment-runs/:runId/results',
    {
      schema: {
        summary: "List a run's results, newest first",
        tags: ['experiment runs'],
        params: { type: 'object', properties: { runId: idSchema }, required: ['runId'] },
        querystring: pageQuery,
        response: { 200: { type: 'array', items: runResultSchema, headers: totalCountHeader }, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { runId } = request.params;
      const run = await db.query('SELECT 1 FROM experiment_runs WHERE id = $1', [runId]);
      if (run.rows.length === 0) throw notFound('Experiment run', runId);
      const [page, total] = await Promise.all([
        db.query(
          `SELECT id, experiment_configuration, created_at, result FROM experiment_run_results
           WHERE run_id = $3 ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
          [...pageWindow(request.query), runId],
        ),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM experiment_run_results WHERE run_id = $1', [runId]),
      ]);
      reply.header('X-Total-Count', total.rows[0].total);
      return page.rows;
    },
  );
}
