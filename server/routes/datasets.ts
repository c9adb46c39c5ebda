import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { actorOf } from '../auth/actor';
import { createDataset, deleteDataset } from '../datasets/dataset-changes';
import { datasetPage } from '../datasets/dataset-list';
import { loadDataset } from '../datasets/dataset-records';
import { DatasetListQuerySchema, DatasetRowSchema, DatasetSchema, NewDatasetSchema } from '../schemas/datasets';
import { ErrorSchema } from '../schemas/errors';
import { ListOf } from '../schemas/paging';
import { IdParamsSchema, NoContentSchema } from '../schemas/shared';
import { pageWindow } from './page-window';
import { requireText } from './text-fields';

export async function datasetRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/datasets/',
    {
      schema: {
        summary: 'List datasets with their entry counts, newest first; optionally those whose name contains a text',
        tags: ['datasets'],
        querystring: DatasetListQuerySchema,
        response: { 200: ListOf(DatasetRowSchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await db.connection((c) => datasetPage(c, request.query.search, pageWindow(request.query)));
      reply.header('X-Total-Count', page.total);
      return page.datasets;
    },
  );

  app.post(
    '/datasets/',
    {
      schema: {
        summary: 'Create a dataset',
        tags: ['datasets'],
        body: NewDatasetSchema,
        response: { 201: DatasetSchema, 400: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const name = requireText(request.body.name, 'name');
      const description = (request.body.description ?? '').trim();
      return reply.code(201).send(await createDataset(db, { name, description }, actorOf(request)));
    },
  );

  app.get(
    '/datasets/:id',
    {
      schema: {
        summary: 'Get one dataset',
        tags: ['datasets'],
        params: IdParamsSchema,
        response: { 200: DatasetSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => loadDataset(db, request.params.id),
  );

  app.delete(
    '/datasets/:id',
    {
      schema: {
        summary: 'Delete a dataset and its mappings (its entries stay); refused (409, naming them) while experiments use it',
        tags: ['datasets'],
        params: IdParamsSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteDataset(db, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
}
