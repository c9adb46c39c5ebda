import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { demoDataState } from '../../demo/demo-data-counts';
import { removeDemoData } from '../../demo/remove-demo-data';
import { DemoDataStateSchema, DemoRemovalSchema } from '../../schemas/demo-data';
import { DescribedErrorSchema } from '../../schemas/errors';

const tags = ['demo data'];

/** Whether the demo data is there, and its removal (admins only). */
export async function demoDataRoutes(fastify: FastifyInstance, { db, seedsEmptyDatabase }: { db: Database; seedsEmptyDatabase: boolean }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/demo-data',
    {
      schema: {
        summary: 'Whether the demo data is present, how many rows of each kind, and what DEMO_DATA does',
        description:
          'The demo data (WANDS queries, scripts, experiments with runs, generated golden sets and a generated catalogue) ' +
          'is written when the server starts on an empty database, unless DEMO_DATA=false. DEMO_DATA acts on an empty ' +
          'database only: demo data already there stays until DELETE /api/backend/demo-data removes it. Rows the demo made ' +
          'carry demo: true in lists and details; a person changing one makes it theirs.',
        tags,
        response: { 200: DemoDataStateSchema },
      },
    },
    async () => demoDataState(db, seedsEmptyDatabase),
  );

  app.delete(
    '/demo-data',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Remove every row the demo data made, in one transaction; answers what was removed and kept',
        description:
          'Removes the demo datasets, entries, evaluation scripts, experiments with all their runs, golden sets and ' +
          'generated products, recorded in the audit trail as demo.remove, and sets the built-in script back to price 0 ' +
          'when it still has the demo price. What people made stays: demo datasets they added entries to, and demo ' +
          'entries their datasets hold, are kept as ordinary rows (counted under kept); golden sets they judged in, and ' +
          'experiments, entries and products they changed, are theirs already. A second call removes nothing.',
        tags,
        response: {
          200: DemoRemovalSchema,
          403: DescribedErrorSchema('Only admins remove the demo data'),
          409: DescribedErrorSchema(
            'Refused, nothing removed: runs still going use demo data (`details.runs`: id, status, experiment), or ' +
              'experiments of yours use a demo dataset, evaluation script or golden set (`details.experiments`)',
          ),
        },
      },
    },
    async (request) => removeDemoData(db, actorOf(request)),
  );
}
