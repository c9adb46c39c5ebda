import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { changeScript } from '../../evaluation-scripts/script-changes';
import { scriptById, scriptPage } from '../../evaluation-scripts/script-list';
import { experimentsOfScriptPage } from '../../experiments/experiment-list';
import { ErrorSchema } from '../../schemas/errors';
import { ExperimentListItemSchema } from '../../schemas/experiments';
import { PageOf, PageQuerySchema } from '../../schemas/paging';
import { ScriptChangesSchema, ScriptSchema } from '../../schemas/scripts';
import { IdParamsSchema } from '../../schemas/shared';
import { pageWindow } from '../page-window';

export async function evaluationScriptRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/evaluation-scripts/',
    {
      schema: {
        summary: 'List evaluation scripts, newest first',
        tags: ['evaluation scripts'],
        querystring: PageQuerySchema,
        response: { 200: PageOf(ScriptSchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await db.connection((c) => scriptPage(c, pageWindow(request.query)));
      reply.header('X-Total-Count', page.count);
      return page;
    },
  );

  app.get(
    '/evaluation-scripts/:id',
    {
      schema: {
        summary: 'Get one evaluation script',
        tags: ['evaluation scripts'],
        params: IdParamsSchema,
        response: { 200: ScriptSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => scriptById(db, request.params.id),
  );

  app.patch(
    '/evaluation-scripts/:id',
    {
      // What runs cost is the admins' to set.
      config: { role: 'admin' },
      schema: {
        summary: "Change a script's price per evaluation (runs started afterwards cost that) or its description",
        tags: ['evaluation scripts'],
        params: IdParamsSchema,
        body: ScriptChangesSchema,
        response: { 200: ScriptSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => changeScript(db, request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/evaluation-scripts/:id/experiments',
    {
      schema: {
        summary: 'List the experiments that use one evaluation script, newest first',
        tags: ['evaluation scripts'],
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: PageOf(ExperimentListItemSchema), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await db.connection((c) => experimentsOfScriptPage(c, request.params.id, pageWindow(request.query)));
      reply.header('X-Total-Count', page.count);
      return page;
    },
  );
}
