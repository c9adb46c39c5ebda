import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { monthlyActivity } from '../../activity/monthly-activity';
import { ActivityQuerySchema, ActivitySchema } from '../../schemas/activity';
import { ErrorSchema } from '../../schemas/errors';

/** The dashboard's Monthly Activity, for every role. */
export async function activityRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/activity',
    {
      schema: {
        summary: 'How many datasets, golden sets, experiments and evaluations were made each month (UTC), the last months',
        tags: ['Getting started'],
        querystring: ActivityQuerySchema,
        response: { 200: ActivitySchema, 400: ErrorSchema },
      },
    },
    async (request) => monthlyActivity(db, request.query.months),
  );
}
