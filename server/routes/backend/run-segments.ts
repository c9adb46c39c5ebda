import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { segmentKeys } from '../../segments/segment-keys';
import { segmentMeans } from '../../segments/segment-means';
import { ErrorSchema } from '../../schemas/errors';
import { RunParamsSchema } from '../../schemas/runs';
import { SegmentKeysSchema, SegmentMeansQuerySchema, SegmentMeansSchema } from '../../schemas/segments';

/** A run read by segment: the metadata keys of its entries, and its means per value of one of them. */
export async function runSegmentRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/experiment-runs/:runId/segment-keys',
    {
      schema: {
        summary: "The metadata keys of the entries a run's results came from, each with how many values and results it has",
        tags: ['experiment runs'],
        params: RunParamsSchema,
        response: { 200: SegmentKeysSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => segmentKeys(db, request.params.runId),
  );

  app.get(
    '/experiment-runs/:runId/segments',
    {
      schema: {
        summary:
          "A run's means by segment: per value of a metadata key, its counts and means (as the run's summary has them), the main metric's 95% interval, worst first",
        tags: ['experiment runs'],
        params: RunParamsSchema,
        querystring: SegmentMeansQuerySchema,
        response: { 200: SegmentMeansSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => segmentMeans(db, request.params.runId, request.query),
  );
}
