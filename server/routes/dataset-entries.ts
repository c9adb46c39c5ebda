import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { actorOf } from '../auth/actor';
import { createEntry, deleteEntry, replaceEntryContent } from '../entries/entry-changes';
import { entryListPage } from '../entries/entry-list';
import { loadEntry } from '../entries/entry-records';
import { EntryContentSchema, EntryListQuerySchema, EntrySchema, NewEntrySchema } from '../schemas/entries';
import { ErrorSchema } from '../schemas/errors';
import { ListOf } from '../schemas/paging';
import { IdParamsSchema, NoContentSchema } from '../schemas/shared';
import { pageWindow } from './page-window';
import { sendTotal } from './total-headers';

export async function datasetEntryRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/dataset-entries/',
    {
      schema: {
        summary:
          'List dataset entries with their datasets, newest (highest id) first; optionally in / not in a dataset, or containing a text',
        tags: ['dataset entries'],
        querystring: EntryListQuerySchema,
        response: { 200: ListOf(EntrySchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await db.connection((c) => entryListPage(c, request.query, pageWindow(request.query)));
      sendTotal(reply, page);
      return page.entries;
    },
  );

  app.post(
    '/dataset-entries/',
    {
      schema: {
        summary: 'Create a dataset entry',
        tags: ['dataset entries'],
        body: NewEntrySchema,
        response: { 201: EntrySchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createEntry(db, request.body, actorOf(request))),
  );

  app.get(
    '/dataset-entries/:id',
    {
      schema: {
        summary: 'Get one dataset entry with its datasets',
        tags: ['dataset entries'],
        params: IdParamsSchema,
        response: { 200: EntrySchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => loadEntry(db, request.params.id),
  );

  app.put(
    '/dataset-entries/:id',
    {
      schema: {
        summary: 'Replace the input and input_metadata of an entry (its description and datasets stay)',
        tags: ['dataset entries'],
        params: IdParamsSchema,
        body: EntryContentSchema,
        response: { 200: EntrySchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => replaceEntryContent(db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/dataset-entries/:id',
    {
      schema: {
        summary: 'Delete a dataset entry and its mappings (its datasets stay)',
        tags: ['dataset entries'],
        params: IdParamsSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteEntry(db, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
}
