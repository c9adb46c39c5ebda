import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { checkDatabase } from '../db/database-check';
import { diskFullMessage, type DiskWatch } from '../db/disk-space';

/** A probe answers well within a load balancer's usual 5 s timeout, even when the database hangs. */
const DATABASE_TIMEOUT_MS = 2_000;

const stateSchema = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    database: { type: 'string' },
    disk: { type: 'string' },
    free_bytes: { type: 'integer' },
    message: { type: 'string' },
  },
} as const;

const healthSchema = { hide: true, response: { 200: stateSchema, 503: stateSchema } } as const;

const MESSAGES = {
  timeout: `The database did not answer within ${DATABASE_TIMEOUT_MS / 1000} s`,
  unreachable: 'The database refused the connection or the query',
};

/**
 * `/healthz`: the server, its database and the database's disk, in detail (for people and monitoring): a
 * full disk is a 503, as changes are refused.
 * `/readyz`: whether to send this server traffic (for load balancers): not while the database fails. A full
 * disk is reported but still ready: reads are served, and taking the server out would stop them too.
 * Once the server shuts down, Fastify answers 503 to both by itself.
 */
export async function healthRoutes(app: FastifyInstance, { db, disk }: { db: Queryable; disk: DiskWatch }) {
  async function diskReport() {
    const state = await disk.state();
    return {
      disk: state.full ? 'full' : 'ok',
      ...(state.freeBytes === undefined ? {} : { free_bytes: state.freeBytes }),
      ...(state.full ? { message: diskFullMessage(state) } : {}),
    };
  }

  app.get('/healthz', { schema: healthSchema }, async (_request, reply) => {
    const database = await checkDatabase(db, DATABASE_TIMEOUT_MS);
    if (database !== 'ok') return reply.code(503).send({ status: 'unavailable', database, message: MESSAGES[database] });
    const report = await diskReport();
    if (report.disk === 'full') return reply.code(503).send({ status: 'unavailable', database, ...report });
    return { status: 'ok', database, ...report };
  });

  app.get('/readyz', { schema: healthSchema }, async (_request, reply) => {
    const database = await checkDatabase(db, DATABASE_TIMEOUT_MS);
    if (database !== 'ok') return reply.code(503).send({ status: 'not ready', database, message: MESSAGES[database] });
    return { status: 'ready', ...(await diskReport()) };
  });
}
