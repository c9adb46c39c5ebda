import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { errorSchema } from '../../errors';
import { pageQuery, pageWindow, totalCountHeader, type PageQuery } from '../schemas';
import { experimentSchema } from './schemas';

export const EXPERIMENT_COLUMNS = 'id, name, evaluation_script_id, dataset_id, description, created_at, updated_at';

export async function experimentRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get<{ Querystring: PageQuery }>(
    '/experiments/',
    {
      schema: {
        summary: 'List experiments, newest first',
        tags: ['experiments'],
        querystring: pageQuery,
        response: { 200: { type: 'array', items: experimentSchema, headers: totalCountHeader }, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const [page, total] = await Promise.all([
        db.query(`SELECT ${EXPERIMENT_COLUMNS} FROM experiments ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, pageWindow(request.query)),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM experiments'),
      ]);
      reply.header('X-Total-Count', total.rows[0].total);
      return page.rows;
    },
  );
}
