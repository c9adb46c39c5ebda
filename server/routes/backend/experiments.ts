import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { changeExperiment, createExperiment } from '../../experiments/experiment-changes';
import { experimentDetails } from '../../experiments/experiment-details';
import { experimentPage } from '../../experiments/experiment-list';
import { ErrorSchema } from '../../schemas/errors';
import {
  ExperimentChangesSchema,
  ExperimentDetailsSchema,
  ExperimentListItemSchema,
  ExperimentWithConfigSchema,
  NewExperimentSchema,
} from '../../schemas/experiments';
import { ListOf, PageQuerySchema } from '../../schemas/paging';
import { IdParamsSchema } from '../../schemas/shared';
import { pageWindow } from '../page-window';
import { requireText } from '../text-fields';

export async function experimentRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/experiments/',
    {
      schema: {
        summary: 'List experiments, newest first',
        tags: ['experiments'],
        querystring: PageQuerySchema,
        response: { 200: ListOf(ExperimentListItemSchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await db.connection((c) => experimentPage(c, pageWindow(request.query)));
      reply.header('X-Total-Count', page.count);
      return page.results;
    },
  );

  app.post(
    '/experiments/',
    {
      schema: {
        summary: 'Create an experiment; with a config (search target, golden set, k, gain, pass threshold) it can run here',
        tags: ['experiments'],
        body: NewExperimentSchema,
        response: { 201: ExperimentWithConfigSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const experiment = await createExperiment(db, { ...request.body, name: requireText(request.body.name, 'name') }, actorOf(request));
      return reply.code(201).send(experiment);
    },
  );

  app.get(
    '/experiments/:id',
    {
      schema: {
        summary: 'Get one experiment with its run configuration, the names of what it uses, and what keeps it from running',
        tags: ['experiments'],
        params: IdParamsSchema,
        response: { 200: ExperimentDetailsSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => experimentDetails(db, request.params.id),
  );

  app.patch(
    '/experiments/:id',
    {
      schema: {
        summary:
          "Change an experiment's name, description, dataset, evaluation script or run configuration (runs already started keep theirs)",
        tags: ['experiments'],
        params: IdParamsSchema,
        body: ExperimentChangesSchema,
        response: { 200: ExperimentWithConfigSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { name } = request.body;
      const changes = { ...request.body, name: name === undefined ? undefined : requireText(name, 'name') };
      return changeExperiment(db, request.params.id, changes, actorOf(request));
    },
  );
}
