import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database, Queryable } from '../db/database';
import { actorOf } from '../auth/actor';
import { recordAudit } from '../audit/audit-trail';
import { mappingEvent } from '../audit/mapping-events';
import { isForeignKeyViolation } from '../db/database-errors';
import { HttpError } from '../errors';
import { ErrorSchema } from '../schemas/errors';
import { MappingPairParamsSchema, MappingsCreatedSchema, MappingsDeletedSchema, MappingsSchema, type Mapping } from '../schemas/mappings';
import { NoContentSchema } from '../schemas/shared';

const columns = (mappings: Mapping[]) => [mappings.map((m) => m.dataset_id), mappings.map((m) => m.dataset_entry_id)];

/** Ids in `ids` that `table` does not hold. */
async function missingIds(db: Queryable, table: 'datasets' | 'dataset_entries', ids: number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT wanted.id FROM unnest($1::bigint[]) AS wanted(id)
     WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = wanted.id)
     GROUP BY wanted.id ORDER BY wanted.id`,
    [ids],
  );
  return rows.map((row) => row.id);
}

async function requireExisting(db: Queryable, mappings: Mapping[]) {
  const [datasetIds, entryIds] = columns(mappings);
  const [datasets, entries] = [await missingIds(db, 'datasets', datasetIds), await missingIds(db, 'dataset_entries', entryIds)];
  if (datasets.length === 0 && entries.length === 0) return;
  const parts = [
    datasets.length > 0 ? `datasets ${datasets.join(', ')}` : '',
    entries.length > 0 ? `dataset entries ${entries.join(', ')}` : '',
  ].filter(Boolean);
  throw new HttpError(422, `Unknown ${parts.join(' and ')}; nothing was linked`, {
    dataset_ids: datasets,
    dataset_entry_ids: entries,
  });
}

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
    async (request, reply) => {
      const created = await db.transaction(async (tx) => {
        await requireExisting(tx, request.body);
        let rowCount: number;
        try {
          ({ rowCount } = await tx.query(
            `INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id)
             SELECT * FROM unnest($1::bigint[], $2::bigint[]) ON CONFLICT DO NOTHING`,
            columns(request.body),
          ));
        } catch (error) {
          if (isForeignKeyViolation(error)) {
            throw new HttpError(422, 'A dataset or entry was deleted meanwhile; nothing was linked');
          }
          throw error;
        }
        await recordAudit(tx, actorOf(request), mappingEvent('create', request.body, rowCount));
        return rowCount;
      });
      return reply.code(201).send({ created });
    },
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
    async (request) => {
      const deleted = await db.transaction(async (tx) => {
        const { rowCount } = await tx.query(
          `DELETE FROM dataset_entry_mappings m
           USING unnest($1::bigint[], $2::bigint[]) AS pair(dataset_id, dataset_entry_id)
           WHERE m.dataset_id = pair.dataset_id AND m.dataset_entry_id = pair.dataset_entry_id`,
          columns(request.body),
        );
        await recordAudit(tx, actorOf(request), mappingEvent('delete', request.body, rowCount));
        return rowCount;
      });
      return { deleted };
    },
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
      const { datasetId, entryId } = request.params;
      await db.transaction(async (tx) => {
        const { rowCount } = await tx.query('DELETE FROM dataset_entry_mappings WHERE dataset_id = $1 AND dataset_entry_id = $2', [
          datasetId,
          entryId,
        ]);
        if (rowCount === 0) throw new HttpError(404, `Dataset entry ${entryId} is not in dataset ${datasetId}`);
        const pair = { dataset_id: datasetId, dataset_entry_id: entryId };
        await recordAudit(tx, actorOf(request), mappingEvent('delete', [pair], rowCount));
      });
      return reply.code(204).send(null);
    },
  );
}
