import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { changeModelJudge, createModelJudge, deleteModelJudge, modelJudge, modelJudgePage } from '../../judges/model-judge-records';
import { ErrorSchema } from '../../schemas/errors';
import { ModelJudgeChangesSchema, ModelJudgeSchema, NewModelJudgeSchema } from '../../schemas/model-judges';
import { ListOf, PageQuerySchema } from '../../schemas/paging';
import { IdParamsSchema, NoContentSchema } from '../../schemas/shared';
import { pageWindow } from '../page-window';
import { requireText } from '../text-fields';

const tags = ['model judges'];

export async function modelJudgeRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/judges/',
    {
      schema: {
        summary: 'List model judges, newest first (api keys shown redacted)',
        tags,
        querystring: PageQuerySchema,
        response: { 200: ListOf(ModelJudgeSchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await db.connection((c) => modelJudgePage(c, pageWindow(request.query)));
      reply.header('X-Total-Count', page.count);
      return page.results;
    },
  );

  app.post(
    '/judges/',
    {
      schema: {
        summary:
          'Create a model judge: an OpenAI-compatible chat-completions API (base_url on MODEL_JUDGE_HOSTS), its model, prompt and limits',
        tags,
        body: NewModelJudgeSchema,
        response: { 201: ModelJudgeSchema, 400: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const judge = await createModelJudge(db, { ...request.body, name: requireText(request.body.name, 'name') }, actorOf(request));
      return reply.code(201).send(judge);
    },
  );

  app.get(
    '/judges/:id',
    {
      schema: {
        summary: 'Get one model judge (its api key shown redacted)',
        tags,
        params: IdParamsSchema,
        response: { 200: ModelJudgeSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => modelJudge(db, request.params.id),
  );

  app.patch(
    '/judges/:id',
    {
      schema: {
        summary: "Change a model judge's settings; those not given stay (api_key null removes the key)",
        tags,
        params: IdParamsSchema,
        body: ModelJudgeChangesSchema,
        response: { 200: ModelJudgeSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const { name } = request.body;
      const changes = { ...request.body, name: name === undefined ? undefined : requireText(name, 'name') };
      return changeModelJudge(db, request.params.id, changes, actorOf(request));
    },
  );

  app.delete(
    '/judges/:id',
    {
      schema: {
        summary: 'Delete a model judge',
        tags,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteModelJudge(db, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
}
