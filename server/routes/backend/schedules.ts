import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { HttpError } from '../../errors';
import { cronProblem, nextTicks } from '../../schedules/cron-ticks';
import { experimentSchedule, saveSchedule } from '../../schedules/experiment-schedules';
import { ErrorSchema } from '../../schemas/errors';
import { NextRunsQuerySchema, NextRunsSchema, ScheduleChangeSchema, ScheduleSchema } from '../../schemas/schedules';
import { IdParamsSchema } from '../../schemas/shared';

const tags = ['schedules'];

export async function scheduleRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/experiments/:id/schedule',
    {
      schema: {
        summary: "An experiment's schedule, its last scheduled run and the next; cron null and enabled false when it has none",
        tags,
        params: IdParamsSchema,
        response: { 200: ScheduleSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => experimentSchedule(db, request.params.id),
  );

  app.put(
    '/experiments/:id/schedule',
    {
      schema: {
        summary:
          'Set when the experiment runs by itself: a five-field cron expression in UTC, on or off. Scheduled runs are started ' +
          'as a person would start one, tagged scheduled and attributed to the scheduler; ticks before this change never run',
        tags,
        params: IdParamsSchema,
        body: ScheduleChangeSchema,
        response: { 200: ScheduleSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => saveSchedule(db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/schedules/next-runs',
    {
      schema: {
        summary: 'The next five ticks of a cron expression in UTC, to check it before saving',
        tags,
        querystring: NextRunsQuerySchema,
        response: { 200: NextRunsSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      const problem = cronProblem(request.query.cron);
      if (problem) throw new HttpError(400, `querystring.cron: ${problem}`);
      return { next_runs: nextTicks(request.query.cron.trim(), new Date(), 5).map((tick) => tick.toISOString()) };
    },
  );
}
