import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { errorSchema, notFound } from '../../errors';
import { cancelRun } from '../../runs/create-run';
import { runResultsCsv, runResultsTrec } from '../../runs/run-exports';
import { RUN_COLUMNS } from '../../runs/run-rows';
import { runSummary } from '../../runs/run-tally';
import { idSchema, pageQuery, pageWindow, totalCountHeader, type PageQuery } from '../schemas';
import { runResultSchema, runSchema, runSummarySchema } from './schemas';

const runParams = { type: 'object', properties: { runId: idSchema }, required: ['runId'] } as const;

async function requireRun(db: Database, runId: number) {
  const { rows } = await db.query(`SELECT ${RUN_COLUMNS} FROM experiment_runs WHERE id = $1`, [runId]);
  if (rows.length === 0) throw notFound('Experiment run', runId);
  return rows[0];
}

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

  app.get<{ Params: { runId: number } }>(
    '/experiment-runs/:runId',
    {
      schema: {
        summary: 'Get one run: its status and progress (poll this while it runs) and a summary of its results',
        tags: ['experiment runs'],
        params: runParams,
        response: {
          200: { ...runSchema, properties: { ...runSchema.properties, summary: runSummarySchema } },
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const run = await requireRun(db, request.params.runId);
      return { ...run, summary: await runSummary(db, request.params.runId) };
    },
  );

  app.post<{ Params: { runId: number } }>(
    '/experiment-runs/:runId/cancel',
    {
      schema: {
        summary: 'Cancel a pending or running run; the results stored so far stay',
        tags: ['experiment runs'],
        params: runParams,
        response: { 200: runSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => cancelRun(db, request.params.runId),
  );

  app.get<{ Params: { runId: number }; Querystring: PageQuery }>(
    '/experiment-runs/:runId/results',
    {
      schema: {
        summary: "List a run's results, newest first",
        tags: ['experiment runs'],
        params: runParams,
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

  const exports = [
    { suffix: 'csv', type: 'text/csv; charset=utf-8', what: 'CSV, one row per result with every metric (formula-safe cells)', body: runResultsCsv },
    { suffix: 'trec', type: 'text/plain; charset=utf-8', what: 'a TREC run `qid Q0 docno rank score tag` (query ids of the golden set’s TREC export)', body: runResultsTrec },
  ];
  for (const { suffix, type, what, body } of exports) {
    app.get<{ Params: { runId: number } }>(
      `/experiment-runs/:runId/results.${suffix}`,
      {
        schema: {
          summary: `Download a run's results as ${what}`,
          tags: ['experiment runs'],
          params: runParams,
          produces: [type.split(';')[0]],
          response: { 200: { type: 'string', description: what }, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const { runId } = request.params;
        await requireRun(db, runId);
        const filename = suffix === 'csv' ? `run-${runId}-results.csv` : `run-${runId}.trec`;
        return reply.type(type).header('content-disposition', `attachment; filename="${filename}"`).send(Readable.from(body(db, runId)));
      },
    );
  }
}
