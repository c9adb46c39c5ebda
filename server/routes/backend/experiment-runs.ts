import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { notFound } from '../../errors';
import { cancelRun } from '../../runs/cancel-run';
import { logRun } from '../../runs/run-log';
import { startRun } from '../../runs/start-run';
import type { RunQueue } from '../../runs/run-queue';
import { runQueriesTsv, runResultsCsv, runResultsQrels, runResultsTrec } from '../../runs/run-exports';
import { RUN_COLUMNS } from '../../runs/run-rows';
import { runSummary, summaryOf, TALLY_COLUMNS, type TallyColumns } from '../../runs/run-tally';
import { ErrorSchema } from '../../schemas/errors';
import { ListOf } from '../../schemas/paging';
import { ResultListQuerySchema, RunResultSchema, type ExperimentRunResult } from '../../schemas/results';
import { resultListPage } from '../../runs/result-list';
import {
  ExperimentIdParamsSchema,
  RunDetailsSchema,
  RunParamsSchema,
  RunSchema,
  RunsPageQuerySchema,
  RunsSchema,
  StartRunSchema,
  type ExperimentRun,
} from '../../schemas/runs';
import { IdParamsSchema, TextFileSchema } from '../../schemas/shared';
import { downloadName, sendDownload } from '../downloads';
import { pageWindow } from '../page-window';
import { sendTotal } from '../total-headers';

/** Which golden set a run was scored with, and whether it has changed since (issue 16). */
interface GoldenSetState {
  golden_set_id: number | null;
  golden_set_version: number | null;
  golden_set_changed: boolean;
  rescore_of: number | null;
}

async function requireRun(db: Database, runId: number) {
  const { rows } = await db.query<ExperimentRun>(`SELECT ${RUN_COLUMNS} FROM experiment_runs WHERE id = $1`, [runId]);
  if (rows.length === 0) throw notFound('Experiment run', runId);
  return rows[0];
}

/** A run's whole life: started from its experiment, watched, cancelled, its results read and downloaded. */
export async function experimentRunRoutes(fastify: FastifyInstance, { db, runQueue }: { db: Database; runQueue: RunQueue }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/experiments/:id/runs',
    {
      schema: {
        summary: "Start a run: every entry of the experiment's dataset is searched and scored in the background",
        tags: ['experiment runs'],
        params: IdParamsSchema,
        body: StartRunSchema,
        response: { 202: RunSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const run = await startRun(db, runQueue, actorOf(request), request.params.id, request.body?.tags ?? []);
      return reply.code(202).send(run);
    },
  );

  app.get(
    '/experiment-runs/by_experiment/:experimentId',
    {
      schema: {
        summary:
          "List an experiment's runs, newest first, each with the summary of its results: all of them (as spec §7 has it), or one page when page or page_size is given",
        tags: ['experiment runs'],
        params: ExperimentIdParamsSchema,
        querystring: RunsPageQuerySchema,
        response: { 200: RunsSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { experimentId } = request.params;
      const experiment = await db.query('SELECT 1 FROM experiments WHERE id = $1', [experimentId]);
      if (experiment.rows.length === 0) throw notFound('Experiment', experimentId);
      const paged = request.query.page !== undefined || request.query.page_size !== undefined;
      // LIMIT NULL is no limit: every run.
      const [limit, offset] = paged ? pageWindow(request.query) : [null, 0];
      const [page, total] = await Promise.all([
        db.query<ExperimentRun & TallyColumns>(
          `SELECT ${RUN_COLUMNS}, ${TALLY_COLUMNS} FROM experiment_runs WHERE experiment_id = $3 ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
          [limit, offset, experimentId],
        ),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM experiment_runs WHERE experiment_id = $1', [experimentId]),
      ]);
      reply.header('X-Total-Count', total.rows[0].total);
      // Each run with its summary: the runs table shows every run's means and counts.
      return page.rows.map(({ results, passed, failed, unjudged, errors, counted, metric_sums, ...run }) => ({
        ...run,
        summary: summaryOf({ results, passed, failed, unjudged, errors, counted, metric_sums }),
      }));
    },
  );

  app.get(
    '/experiment-runs/:runId',
    {
      schema: {
        summary: 'Get one run: its status and progress (poll this while it runs) and a summary of its results',
        tags: ['experiment runs'],
        params: RunParamsSchema,
        response: { 200: RunDetailsSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const run = await requireRun(db, request.params.runId);
      const { rows } = await db.query<{ experiment_name: string | null; config: Record<string, unknown> | null } & GoldenSetState>(
        `SELECT e.name AS experiment_name, r.config, r.golden_set_version, r.rescore_of, g.id AS golden_set_id,
           -- Runs from before versions were kept were scored against version 0: no change was possible before.
           g.id IS NOT NULL AND g.version <> coalesce(r.golden_set_version, 0) AS golden_set_changed
         FROM experiment_runs r LEFT JOIN experiments e ON e.id = r.experiment_id
           LEFT JOIN golden_sets g ON jsonb_typeof(r.config->'golden_set_id') = 'number' AND g.id = (r.config->>'golden_set_id')::numeric
         WHERE r.id = $1`,
        [request.params.runId],
      );
      const { experiment_name, config, ...goldenSet } = rows[0] ?? { experiment_name: null, config: null };
      return {
        ...run,
        summary: (await runSummary(db, request.params.runId)) ?? undefined,
        ...(experiment_name === null ? {} : { experiment_name }),
        config,
        ...goldenSet,
      };
    },
  );

  app.post(
    '/experiment-runs/:runId/cancel',
    {
      schema: {
        summary: 'Cancel a pending or running run; the results stored so far stay',
        tags: ['experiment runs'],
        params: RunParamsSchema,
        response: { 200: RunSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const run = await cancelRun(db, actorOf(request), request.params.runId);
      await logRun(db, request.log, request.params.runId, 'cancelled');
      return run;
    },
  );

  app.get(
    '/experiment-runs/:runId/results',
    {
      schema: {
        summary:
          "List a run's results, newest first, or filtered by status and input and sorted by a metric or the input (X-Total-Count counts the matches)",
        tags: ['experiment runs'],
        params: RunParamsSchema,
        querystring: ResultListQuerySchema,
        response: { 200: ListOf(RunResultSchema), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { runId } = request.params;
      const run = await db.query('SELECT 1 FROM experiment_runs WHERE id = $1', [runId]);
      if (run.rows.length === 0) throw notFound('Experiment run', runId);
      const [limit, offset] = pageWindow(request.query);
      const { ids, ...total } = await resultListPage(db, runId, request.query, { limit, offset });
      const page = await db.query<ExperimentRunResult>(
        `SELECT id, entry_id, experiment_configuration, created_at, result FROM experiment_run_results WHERE id = ANY($1::bigint[])`,
        [ids],
      );
      // The page's rows in the order its ids were picked.
      const byId = new Map(page.rows.map((row) => [Number(row.id), row]));
      sendTotal(reply, total);
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  );

  const exports = [
    {
      suffix: 'csv',
      type: 'text/csv; charset=utf-8',
      what: 'CSV, one row per result with every metric (formula-safe cells)',
      body: runResultsCsv,
    },
    {
      suffix: 'trec',
      type: 'text/plain; charset=utf-8',
      what: 'a TREC run `qid Q0 docno rank score tag` of the results that count in the means, each query once (query ids of the golden set’s TREC export where it judges the query)',
      body: runResultsTrec,
    },
    {
      suffix: 'qrels',
      type: 'text/plain; charset=utf-8',
      what: 'TREC qrels `qid 0 docid grade`: the judgements the counted results were scored against; `npm run metrics -- results.qrels results.trec -c` prints the run’s means',
      body: runResultsQrels,
    },
    {
      suffix: 'queries.tsv',
      type: 'text/tab-separated-values; charset=utf-8',
      what: '`qid<TAB>query` lines naming the query ids of results.qrels and results.trec',
      body: runQueriesTsv,
    },
  ];
  for (const { suffix, type, what, body } of exports) {
    app.get(
      `/experiment-runs/:runId/results.${suffix}`,
      {
        schema: {
          summary: `Download a run's results as ${what}`,
          tags: ['experiment runs'],
          params: RunParamsSchema,
          produces: [type.split(';')[0]],
          response: { 200: TextFileSchema(what), 400: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { runId } = request.params;
        await requireRun(db, runId);
        const { rows } = await db.query<{ name: string }>(
          'SELECT e.name FROM experiment_runs r JOIN experiments e ON e.id = r.experiment_id WHERE r.id = $1',
          [runId],
        );
        const filename = downloadName('run', runId, rows[0]?.name ?? '', suffix);
        return sendDownload(reply, type, filename, body(db, runId));
      },
    );
  }
}
