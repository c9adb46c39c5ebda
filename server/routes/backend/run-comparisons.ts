import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { comparableRuns } from '../../comparisons/comparable-runs';
import { createComparisonReader } from '../../comparisons/comparison-reader';
import type { ComparisonCache } from '../../comparisons/run-comparison';
import { runVerdict } from '../../comparisons/run-verdict';
import { startSignFlipWorkers } from '../../evaluation/sign-flip-pool';
import {
  ComparableRunsSchema,
  ComparisonCsvQuerySchema,
  ComparisonQuerySchema,
  ComparisonSegmentsQuerySchema,
  RunComparisonSchema,
} from '../../schemas/comparisons';
import { RunVerdictQuerySchema, RunVerdictSchema } from '../../schemas/run-verdicts';
import { SegmentDeltasSchema } from '../../schemas/segments';
import { ErrorSchema } from '../../schemas/errors';
import { PageQuerySchema } from '../../schemas/paging';
import { IdParamsSchema, TextFileSchema } from '../../schemas/shared';
import { sendDownload } from '../downloads';
import { pageWindow } from '../page-window';

/** Two finished runs compared query by query, a CI gate's verdict between two runs, and the runs one can be compared with. */
export async function runComparisonRoutes(fastify: FastifyInstance, { db, comparisonOf }: { db: Database; comparisonOf: ComparisonCache }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { comparisonPage, comparisonCsv, comparisonSegments } = createComparisonReader(db, comparisonOf);

  app.get(
    '/run-comparisons/',
    {
      schema: {
        summary:
          'Compare two finished runs query by query: each metric both have with its mean difference, 95% CI, paired t-test and randomization test, wins / ties / losses; the histogram of one metric’s deltas; how alike the two rankings of every query both ranked are (overlap@k, Jaccard@k, RBO), judged or not; and a page of per-query rows',
        tags: ['run comparisons'],
        querystring: ComparisonQuerySchema,
        response: { 200: RunComparisonSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { count, comparison } = await comparisonPage(request.query, pageWindow(request.query));
      reply.header('X-Total-Count', count);
      return comparison;
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
          200: TextFileSchema(
            'query, baseline_result_id, candidate_result_id, baseline, candidate, delta, overlap@k, jaccard@k, rbo_min, rbo_ext',
          ),
          400: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { filename, lines } = await comparisonCsv(request.query);
      return sendDownload(reply, 'text/csv; charset=utf-8', filename, lines);
    },
  );

  app.get(
    '/run-comparisons/segments',
    {
      schema: {
        summary:
          "A comparison's delta of one metric per segment (each value of a metadata key): the comparison's tests over the segment's pairs, Holm-corrected across the segments",
        tags: ['run comparisons'],
        querystring: ComparisonSegmentsQuerySchema,
        response: { 200: SegmentDeltasSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => comparisonSegments(request.query),
  );

  app.get(
    '/run-comparisons/verdict',
    {
      schema: {
        summary:
          "A CI gate's verdict on a candidate run against a baseline (a run id or latest:TAG): each check of the rule fails when the metric fell by more than its max_drop and the paired randomization test's Holm-adjusted p is below its alpha",
        tags: ['run comparisons'],
        querystring: RunVerdictQuerySchema,
        response: { 200: RunVerdictSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => runVerdict(db, comparisonOf, request.query),
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
      // Someone is choosing runs to compare: the comparison's worker threads start now rather than with it.
      startSignFlipWorkers();
      const { count, runs } = await comparableRuns(db, request.params.id, pageWindow(request.query));
      reply.header('X-Total-Count', count);
      return { runs };
    },
  );
}
