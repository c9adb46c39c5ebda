import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { checkDatabase } from '../db/database-check';

/** A probe answers well within a load balancer's usual 5 s timeout, even when the database hangs. */
const DATABASE_TIMEOUT_MS = 2_000;

const healthSchema = {
  hide: true,
  response: {
    200: {
      type: 'object',
      properties: { status: { type: 'string' }, database: { type: 'string' } },
    },
    503: {
      type: 'object',
      properties: { status: { type: 'string' }, database: { type: 'string' }, message: { type: 'string' } },
    },
  },
} as const;

const MESSAGES = {
  timeout: `The database did not answer within ${DATABASE_TIMEOUT_MS / 1000} s`,
  unreachable: 'The database refused the connection or the query',
};

/**
 * `/healthz`: the server and its database, in detail (for people and monitoring).
 * `/readyz`: whether to send this server traffic (for load balancers): not while the database fails.
 * Once the server shuts down, Fastify answers 503 to both by itself.
 */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Queryable }) {
  app.get('/healthz', { schema: healthSchema }, async (_request, reply) => {
    const database = await checkDatabase(db, DATABASE_TIMEOUT_MS);
    if (database === 'ok') return { status: 'ok', database };
    return reply.code(503).send({ status: 'unavailable', database, message: MESSAGES[database] });
  });

  app.get('/readyz', { schema: healthSchema }, async (_request, reply) => {
    const database = await checkDatabase(db, DATABASE_TIMEOUT_MS);
    if (database === 'ok') return { status: 'ready' };
    return reply.code(503).send({ status: 'not ready', database, message: MESSAGES[database] });
  });
}
