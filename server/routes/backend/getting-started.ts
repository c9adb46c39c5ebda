import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { gettingStarted } from '../../getting-started/getting-started';
import { GettingStartedSchema } from '../../schemas/getting-started';

/** The dashboard's "Get started" checklist, for every role. */
export async function gettingStartedRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/getting-started',
    {
      schema: {
        summary: 'Which steps of a first evaluation are done, from queries to a judgement',
        description:
          'Each step is done when rows a person made complete it; rows the demo data made (demo: true) never do. ' +
          'The steps, in order: queries, catalogue, golden_set, experiment, run, compare, judge.',
        tags: ['Getting started'],
        response: { 200: GettingStartedSchema },
      },
    },
    async () => gettingStarted(db),
  );
}
