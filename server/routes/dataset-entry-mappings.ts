import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { isForeignKeyViolation } from '../db/database-errors';
import { errorSchema, HttpError } from '../errors';
import { idSchema } from './schemas';

interface Mapping {
  dataset_id: number;
  dataset_entry_id: number;
}

/** One request may carry this many pairs; the console sends one per selected entry. */
export const MAX_MAPPINGS_PER_REQUEST = 10_000;

const mappingsBody = {
  type: 'array',
  maxItems: MAX_MAPPINGS_PER_REQUEST,
  items: {
    type: 'object',
    properties: { dataset_id: idSchema, dataset_entry_id: idSchema },
    required: ['dataset_id', 'dataset_entry_id'],
    additionalProperties: false,
  },
} as const;

const pairParams = {
  type: 'object',
  properties: { datasetId: idSchema, entryId: idSchema },
  required: ['datasetId', 'entryId'],
} as const;

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

export async function mappingRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.post<{ Body: Mapping[] }>(
    '/dataset-entry-mappings/',
    {
      schema: {
        summary: 'Link entries to datasets; pairs already linked are not an error',
        tags: ['dataset-entry mappings'],
        body: mappingsBody,
        response: {
          201: { type: 'object', properties: { created: { type: 'integer' } }, required: ['created'] },
          400: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await db.transaction(async (tx) => {
        await requireExisting(tx, request.body);
        try {
          const { rowCount } = await tx.query(
            `INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id)
             SELECT * FROM unnest($1::bigint[], $2::bigint[]) ON CONFLICT DO NOTHING`,
            columns(request.body),
          );
          return rowCount;
        } catch (error) {
          if (isForeignKeyViolation(error)) {
            throw new HttpError(422, 'A dataset or entry was deleted meanwhile; nothing was linked');
          }
          throw error;
        }
      });
      return reply.code(201).send({ created });
    },
  );

  app.delete<{ Body: Mapping[] }>(
    '/dataset-entry-mappings/',
    {
      schema: {
        summary: 'Unlink entries from datasets; pairs not linked are skipped',
        tags: ['dataset-entry mappings'],
        body: mappingsBody,
        response: {
          200: { type: 'object', properties: { deleted: { type: 'integer' } }, required: ['deleted'] },
          400: errorSchema,
        },
      },
    },
    async (request) => {
      const { rowCount } = await db.query(
        `DELETE FROM dataset_entry_mappings m
         USING unnest($1::bigint[], $2::bigint[]) AS pair(dataset_id, dataset_entry_id)
         WHERE m.dataset_id = pair.dataset_id AND m.dataset_entry_id = pair.dataset_entry_id`,
        columns(request.body),
      );
      return { deleted: rowCount };
    },
  );

  app.delete<{ Params: { datasetId: number; entryId: number } }>(
    '/dataset-entry-mappings/:datasetId/:entryId',
    {
      schema: {
        summary: 'Unlink one entry from one dataset',
        tags: ['dataset-entry mappings'],
        params: pairParams,
        response: { 204: { type: 'null' }, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { datasetId, entryId } = request.params;
      const { rowCount } = await db.query(
        'DELETE FROM dataset_entry_mappings WHERE dataset_id = $1 AND dataset_entry_id = $2',
        [datasetId, entryId],
      );
      if (rowCount === 0) throw new HttpError(404, `Dataset entry ${entryId} is not in dataset ${datasetId}`);
      return reply.code(204).send();
    },
  );
}
