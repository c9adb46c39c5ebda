import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { HttpError } from '../../errors';
import { apiKeyPage, createApiKey, revokeApiKey } from '../../api-keys/api-keys';
import { ApiKeyPageSchema, CreatedApiKeySchema, NewApiKeySchema } from '../../schemas/api-keys';
import { ErrorSchema } from '../../schemas/errors';
import { PageQuerySchema } from '../../schemas/paging';
import { IdParamsSchema, NoContentSchema } from '../../schemas/shared';
import { pageWindow } from '../page-window';

const tags = ['API keys'];

/**
 * API keys, for anyone with a role: their own keys, and for an admin everyone's and service keys. Only a
 * signed-in person manages them: a leaked key must not mint others that outlive its revocation.
 */
export async function apiKeyRoutes(fastify: FastifyInstance, opts: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;

  app.addHook('preHandler', async (request) => {
    if (actorOf(request).key) throw new HttpError(403, 'An API key cannot list, make or revoke API keys: sign in to manage them');
  });

  app.get(
    '/api-keys/',
    {
      config: { role: 'viewer' },
      schema: {
        summary: "The keys not revoked, newest first: one's own, or every key for an admin",
        tags,
        querystring: PageQuerySchema,
        response: { 200: ApiKeyPageSchema, 400: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await db.connection((c) => apiKeyPage(c, actorOf(request), pageWindow(request.query)));
      reply.header('X-Total-Count', page.count);
      return page;
    },
  );

  app.post(
    '/api-keys/',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'Make a key: a personal one up to your own role, or (admin) a service key; the answer holds its secret, once',
        tags,
        body: NewApiKeySchema,
        response: { 201: CreatedApiKeySchema, 400: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createApiKey(db, actorOf(request), request.body)),
  );

  app.delete(
    '/api-keys/:id',
    {
      config: { role: 'viewer' },
      schema: {
        summary: "Revoke a key at once: one's own, or any key for an admin",
        tags,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await revokeApiKey(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
