import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { cancelRun } from '../../runs/cancel-run';
import { resultPage } from '../../runs/result-list';
import { runDetails, runExperimentName } from '../../runs/run-details';
import { experimentRunList } from '../../runs/run-list';
import { logRun } from '../../runs/run-log';
import type { RunQueue } from '../../runs/run-queue';
import { runEvents, runState, untilRunEnds } from '../../runs/run-watch';
import { startRun } from '../../runs/start-run';
import { ErrorSchema } from '../../schemas/errors';
import { ListOf } from '../../schemas/paging';
import { ResultListQuerySchema, RunResultSchema } from '../../schemas/results';
import {
  ExperimentIdParamsSchema,
  RunDetailsSchema,
  RunParamsSchema,
  RunSchema,
  RunsPageQuerySchema,
  RunsSchema,
  RunWaitQuerySchema,
  StartRunSchema,
} from '../../schemas/runs';
import { IdParamsSchema, TextFileSchema } from '../../schemas/shared';
import { clientGone } from '../client-gone';
import { downloadName, sendDownload } from '../downloads';
import { sendEventStream } from '../event-stream';
import { pageWindow } from '../page-window';
import { RUN_EXPORTS } from '../run-export-files';
import { sendTotal } from '../total-headers';

/** A run's whole life: started from its experiment, watched, cancelled, its results read and downloaded. */
export async function experimentRunRoutes(fastify: FastifyInstance, { db, runQueue }: { db: Database; runQueue: RunQueue }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/experiments/:id/runs',
    {
      schema: {
        summary:
          "Start a run: every entry of the experiment's dataset is searched and scored in the background (answered at once with the pending run)",
        tags: ['experiment runs'],
        params: IdParamsSchema,
        body: StartRunSchema,
        response: { 202: RunSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const run = await startRun(db, runQueue, actorOf(request), request.params.id, request.body?.tags ?? [], request.body?.search_target);
      return reply.code(202).send(run);
    },
  );

  app.get(
    '/experiment-runs/by_experiment/:experimentId',
    {
      schema: {
        summary:
          "List an experiment's runs, newest first, each with the summary of its results: all of them, or one page when page or page_size is given",
        tags: ['experiment runs'],
        params: ExperimentIdParamsSchema,
        querystring: RunsPageQuerySchema,
        response: { 200: RunsSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const paged = request.query.page !== undefined || request.query.page_size !== undefined;
      const list = await db.connection((c) =>
        experimentRunList(c, request.params.experimentId, paged ? pageWindow(request.query) : undefined),
      );
      reply.header('X-Total-Count', list.count);
      return list.runs;
    },
  );

  app.get(
    '/experiment-runs/:runId',
    {
      schema: {
        summary:
          'Get one run: its status and progress and a summary of its results; with wait=S, once it has ended or S seconds have passed',
        tags: ['experiment runs'],
        params: RunParamsSchema,
        querystring: RunWaitQuerySchema,
        response: { 200: RunDetailsSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { wait } = request.query;
      if (wait !== undefined) {
        const signal = AbortSignal.any([clientGone(reply), AbortSignal.timeout(wait * 1000)]);
        await untilRunEnds(db, request.params.runId, { signal });
      }
      return runDetails(db, request.params.runId);
    },
  );

  app.get(
    '/experiment-runs/:runId/events',
    {
      schema: {
        summary:
          'Follow a run as Server-Sent Events: `progress` ({id, status, progress, error}) now and whenever it changes, `end` with the same fields once it has ended, then the stream closes; a comment line every 15 s meanwhile',
        tags: ['experiment runs'],
        params: RunParamsSchema,
        produces: ['text/event-stream'],
        response: {
          200: TextFileSchema('event: progress|end, data: the run’s id, status, progress and error as JSON'),
          400: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { runId } = request.params;
      // A run that does not exist is a 404, before the stream starts.
      await runState(db, runId);
      return sendEventStream(reply, runEvents(db, runId, { signal: clientGone(reply) }));
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
          "List a run's results, newest first, or filtered by status, completion status and input and sorted by a metric or the input (X-Total-Count counts the matches)",
        tags: ['experiment runs'],
        params: RunParamsSchema,
        querystring: ResultListQuerySchema,
        response: { 200: ListOf(RunResultSchema), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { results, ...total } = await db.connection((c) =>
        resultPage(c, request.params.runId, request.query, pageWindow(request.query)),
      );
      sendTotal(reply, total);
      return results;
    },
  );

  for (const { suffix, type, what, body } of RUN_EXPORTS) {
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
        const filename = downloadName('run', runId, await runExperimentName(db, runId), suffix);
        return sendDownload(reply, type, filename, body(db, runId));
      },
    );
  }
}
