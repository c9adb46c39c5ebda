import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import type { JudgeJobQueue } from '../../judges/judge-job-queue';
import { cancelJudgeJob, judgeJob, previewJudgeJob, startJudgeJob } from '../../judges/judge-jobs';
import { ErrorSchema } from '../../schemas/errors';
import { JudgeJobEstimateSchema, JudgeJobSchema, NewJudgeJobSchema, StartedJudgeJobSchema } from '../../schemas/judge-jobs';
import { IdParamsSchema } from '../../schemas/shared';

const tags = ['model judges'];

export async function judgeJobRoutes(fastify: FastifyInstance, { db, judgeQueue }: { db: Database; judgeQueue: JudgeJobQueue }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/judges/:id/jobs',
    {
      schema: {
        summary:
          "Start a model judge on a golden set's pairs in the background: a run's top-k products (scope unjudged: those the set " +
          'does not judge now) or, without run_id, every pair of the set (scope all). Answers the estimate made before it starts: ' +
          'pairs × the average prompt size per pair of up to 20 rendered prompts, at 4 characters a token, plus 50 answer tokens a pair',
        tags,
        params: IdParamsSchema,
        body: NewJudgeJobSchema,
        response: { 202: StartedJudgeJobSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await startJudgeJob(db, judgeQueue, request.params.id, request.body, actorOf(request))),
  );

  app.post(
    '/judges/:id/jobs/estimate',
    {
      schema: {
        summary: 'What the same job would cost, to ask before starting it (the estimate POST …/jobs answers); starts nothing',
        tags,
        params: IdParamsSchema,
        body: NewJudgeJobSchema,
        response: { 200: JudgeJobEstimateSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => previewJudgeJob(db, request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/judge-jobs/:id',
    {
      schema: {
        summary: "A judge job's progress (done of total pairs), totals (tokens, cost) and failures with the model's answers",
        tags,
        params: IdParamsSchema,
        response: { 200: JudgeJobSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => judgeJob(db, request.params.id),
  );

  app.post(
    '/judge-jobs/:id/cancel',
    {
      schema: {
        summary: 'Cancel a queued or running judge job; the grades stored so far stay',
        tags,
        params: IdParamsSchema,
        response: { 200: JudgeJobSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => cancelJudgeJob(db, request.params.id, actorOf(request)),
  );
}
