import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { HttpError, notFound } from '../../errors';
import { comparisonRows, matchingRows, shownResultIds, type RowsQuery } from '../../comparisons/comparison-rows';
import { ACTIVE_STATUSES, COMPARED_RUN_COLUMNS, comparedRuns, publicRun } from '../../comparisons/compared-runs';
import { deltaHistogram } from '../../comparisons/paired-queries';
import { createComparisonCache, queryTexts } from '../../comparisons/run-comparison';
import { csvCell } from '../../import/spreadsheet-cells';
import {
  ComparableRunsSchema,
  ComparisonCsvQuerySchema,
  ComparisonQuerySchema,
  RunComparisonSchema,
  type ComparedRun,
  type ComparisonCsvQuery,
} from '../../schemas/comparisons';
import { ErrorSchema } from '../../schemas/errors';
import { PageQuerySchema } from '../../schemas/paging';
import { IdParamsSchema, TextFileSchema } from '../../schemas/shared';
import { sendDownload } from '../downloads';
import { pageWindow } from '../page-window';

const CSV_ROWS_PER_CHUNK = 1000;

/** Issue 15: two finished runs compared query by query, and the runs one can be compared with. */
export async function runComparisonRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const comparisonOf = createComparisonCache(db);

  /** The checked runs, their kept comparison and the rows query with the metric resolved. */
  async function open(query: ComparisonCsvQuery) {
    const { baseline, candidate, metrics } = await comparedRuns(db, query.baseline, query.candidate);
    const metric = query.metric ?? metrics[0];
    if (!metrics.includes(metric)) {
      throw new HttpError(400, `querystring.metric must be one of the metrics both runs have (${metrics.join(', ')}), got "${metric}"`);
    }
    const data = await comparisonOf(baseline, candidate, metrics);
    const rows: RowsQuery = {
      metric: metrics.indexOf(metric),
      filter: query.filter ?? 'paired',
      search: query.search,
      order: query.order ?? 'asc',
    };
    return { baseline, candidate, metric, data, rows };
  }

  app.get(
    '/run-comparisons/',
    {
      schema: {
        summary:
          'Compare two finished runs query by query: each metric both have with its mean difference, 95% CI, paired t-test and randomization test, wins / ties / losses; the histogram of one metric’s deltas and a page of per-query rows',
        tags: ['run comparisons'],
        querystring: ComparisonQuerySchema,
        response: { 200: RunComparisonSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { baseline, candidate, metric, data, rows } = await open(request.query);
      const matching = matchingRows(data.paired, rows);
      const [limit, offset] = pageWindow(request.query);
      const page = matching.subarray(offset, offset + limit);
      const queries = await queryTexts(db, shownResultIds(data.paired, rows, page));
      reply.header('X-Total-Count', matching.length);
      return {
        baseline: publicRun(baseline),
        candidate: publicRun(candidate),
        paired: data.paired.pairs.baseline.length,
        only_baseline: data.paired.onlyBaseline.length,
        only_candidate: data.paired.onlyCandidate.length,
        metric,
        metrics: data.metrics,
        histogram: deltaHistogram(data.paired.deltas[rows.metric]),
        results: comparisonRows(data.paired, rows, page, queries),
      };
    },
  );

  app.get(
    '/run-comparisons/results.csv',
    {
      schema: {
        summary: "Download a comparison's per-query rows (every page of the filter, search and order) as CSV",
        tags: ['run comparisons'],
        querystring: ComparisonCsvQuerySchema,
        produces: ['text/csv'],
        response: {
          200: TextFileSchema('query, baseline_result_id, candidate_result_id, baseline, candidate, delta'),
          400: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { baseline, candidate, metric, data, rows } = await open(request.query);
      const matching = matchingRows(data.paired, rows);
      async function* lines() {
        yield `\uFEFF${['query', 'baseline_result_id', 'candidate_result_id', 'baseline', 'candidate', 'delta'].join(',')}\r\n`;
        for (let start = 0; start < matching.length; start += CSV_ROWS_PER_CHUNK) {
          const chunk = matching.subarray(start, start + CSV_ROWS_PER_CHUNK);
          const queries = await queryTexts(db, shownResultIds(data.paired, rows, chunk));
          yield comparisonRows(data.paired, rows, chunk, queries)
            .map((row) => {
              // Numbers as numbers: only the query is text a spreadsheet could take for a formula.
              const numbers = [row.baseline_result_id, row.candidate_result_id, row.baseline, row.candidate, row.delta];
              return `${[csvCell(row.query), ...numbers.map((cell) => (cell === null ? '' : String(cell)))].join(',')}\r\n`;
            })
            .join('');
        }
      }
      const filename = `run-${baseline.id}-vs-run-${candidate.id}-${metric.replace(/[^a-z0-9_]+/gi, '-')}.csv`;
      return sendDownload(reply, 'text/csv; charset=utf-8', filename, lines());
    },
  );

  app.get(
    '/experiment-runs/:id/comparable-runs',
    {
      schema: {
        summary: 'Finished runs of any experiment that can be compared with this one: the same dataset or golden set, newest first',
        tags: ['run comparisons'],
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: ComparableRunsSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const found = await db.query<{ dataset_id: number | null; golden_set: unknown }>(
        `SELECT e.dataset_id, r.config->'golden_set_id' AS golden_set FROM experiment_runs r JOIN experiments e ON e.id = r.experiment_id WHERE r.id = $1`,
        [id],
      );
      if (found.rows.length === 0) throw notFound('Experiment run', id);
      const { dataset_id, golden_set } = found.rows[0];
      const [limit, offset] = pageWindow(request.query);
      const where = `r.id <> $1 AND r.status <> ALL($2::text[])
        AND (e.dataset_id = $3 OR (r.config->'golden_set_id') = $4::jsonb)`;
      const params = [id, ACTIVE_STATUSES, dataset_id, golden_set === null || golden_set === undefined ? null : JSON.stringify(golden_set)];
      const [page, total] = await Promise.all([
        db.query<ComparedRun>(
          `SELECT ${COMPARED_RUN_COLUMNS} FROM experiment_runs r JOIN experiments e ON e.id = r.experiment_id
           WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT $5 OFFSET $6`,
          [...params, limit, offset],
        ),
        db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM experiment_runs r JOIN experiments e ON e.id = r.experiment_id WHERE ${where}`,
          params,
        ),
      ]);
      reply.header('X-Total-Count', Number(total.rows[0].total));
      return { runs: page.rows.map(({ dataset_id: _d, golden_set_id: _g, ...run }) => run) };
    },
  );
}
