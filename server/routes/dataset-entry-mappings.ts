import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { actorOf } from '../auth/actor';
import { linkEntries, unlinkEntries, unlinkEntry } from '../entries/mapping-changes';
import { ErrorSchema } from '../schemas/errors';
import { MappingPairParamsSchema, MappingsCreatedSchema, MappingsDeletedSchema, MappingsSchema } from '../schemas/mappings';
import { NoContentSchema } from '../schemas/shared';

export async function mappingRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/dataset-entry-mappings/',
    {
      schema: {
        summary: 'Link entries to datasets; pairs already linked are not an error',
        tags: ['dataset-entry mappings'],
        body: MappingsSchema,
        response: { 201: MappingsCreatedSchema, 400: ErrorSchema, 422: ErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send({ created: await linkEntries(db, request.body, actorOf(request)) }),
  );

  app.delete(
    '/dataset-entry-mappings/',
    {
      schema: {
        summary: 'Unlink entries from datasets; pairs not linked are skipped',
        tags: ['dataset-entry mappings'],
        body: MappingsSchema,
        response: { 200: MappingsDeletedSchema, 400: ErrorSchema },
      },
    },
    async (request) => ({ deleted: await unlinkEntries(db, request.body, actorOf(request)) }),
  );

  app.delete(
    '/dataset-entry-mappings/:datasetId/:entryId',
    {
      schema: {
        summary: 'Unlink one entry from one dataset',
        tags: ['dataset-entry mappings'],
        params: MappingPairParamsSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await unlinkEntry(db, request.params.datasetId, request.params.entryId, actorOf(request));
      return reply.code(204).send(null);
    },
  );
}
