import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { actorOf } from '../auth/actor';
import { recordAudit } from '../audit/audit-trail';
import { quoted } from '../audit/audit-summaries';
import { datasetEntryCountSql } from '../db/row-counts';
import { isForeignKeyViolation, isUniqueViolation } from '../db/database-errors';
import { HttpError, notFound } from '../errors';
import {
  DatasetListQuerySchema,
  DatasetRowSchema,
  DatasetSchema,
  NewDatasetSchema,
  type Dataset,
  type DatasetRow,
} from '../schemas/datasets';
import { ErrorSchema } from '../schemas/errors';
import { ListOf } from '../schemas/paging';
import { IdParamsSchema, NoContentSchema } from '../schemas/shared';
import { pageWindow } from './page-window';
import { requireText } from './text-fields';
import { NAMED_EXPERIMENTS, usedByExperiments } from '../used-by-experiments';

const COLUMNS = 'id, name, description, created_at, updated_at';

export async function datasetRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/datasets/',
    {
      schema: {
        summary: 'List datasets with their entry counts, newest first; optionally those whose name contains a text',
        tags: ['datasets'],
        querystring: DatasetListQuerySchema,
        response: { 200: ListOf(DatasetRowSchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const search = request.query.search?.trim() || null;
      const matches = '($1::text IS NULL OR strpos(lower(name), lower($1)) > 0)';
      const [page, total] = await Promise.all([
        // Counted only for the page's rows, each through the mappings' primary key (dataset_id first).
        db.query<DatasetRow>(
          `SELECT ${COLUMNS},
             ${datasetEntryCountSql('datasets.id')} AS entry_count
           FROM datasets WHERE ${matches} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
          [search, ...pageWindow(request.query)],
        ),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM datasets WHERE ${matches}`, [search]),
      ]);
      reply.header('X-Total-Count', total.rows[0].total);
      return page.rows;
    },
  );

  app.post(
    '/datasets/',
    {
      schema: {
        summary: 'Create a dataset',
        tags: ['datasets'],
        body: NewDatasetSchema,
        response: { 201: DatasetSchema, 400: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const name = requireText(request.body.name, 'name');
      const description = requireText(request.body.description, 'description');
      if (name.includes('|')) throw new HttpError(400, 'body.name may not contain "|" (it separates dataset names in CSV uploads)');
      try {
        const dataset = await db.transaction(async (tx) => {
          const { rows } = await tx.query<Dataset>(`INSERT INTO datasets (name, description) VALUES ($1, $2) RETURNING ${COLUMNS}`, [
            name,
            description,
          ]);
          const created = rows[0];
          await recordAudit(tx, actorOf(request), {
            action: 'dataset.create',
            target_type: 'dataset',
            target_id: created.id,
            summary: quoted(name),
          });
          return created;
        });
        return reply.code(201).send(dataset);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, `A dataset named "${name}" already exists`);
        throw error;
      }
    },
  );

  app.get(
    '/datasets/:id',
    {
      schema: {
        summary: 'Get one dataset',
        tags: ['datasets'],
        params: IdParamsSchema,
        response: { 200: DatasetSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { rows } = await db.query<Dataset>(`SELECT ${COLUMNS} FROM datasets WHERE id = $1`, [request.params.id]);
      if (rows.length === 0) throw notFound('Dataset', request.params.id);
      return rows[0];
    },
  );

  app.delete(
    '/datasets/:id',
    {
      schema: {
        summary: 'Delete a dataset and its mappings (its entries stay); refused (409, naming them) while experiments use it',
        tags: ['datasets'],
        params: IdParamsSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { rows } = await db.query<{ dataset: string; id: number | null; name: string | null; total: number }>(
        `SELECT d.name AS dataset, e.id, e.name, count(e.id) OVER ()::int AS total
         FROM datasets d LEFT JOIN experiments e ON e.dataset_id = d.id
         WHERE d.id = $1 ORDER BY e.name, e.id LIMIT $2`,
        [id, NAMED_EXPERIMENTS],
      );
      if (rows.length === 0) throw notFound('Dataset', id);
      const [{ dataset, total }] = rows;
      if (total > 0) {
        const experiments = rows.map((row) => ({ id: row.id!, name: row.name! }));
        throw usedByExperiments(`Dataset "${dataset}"`, experiments, total);
      }
      try {
        await db.transaction(async (tx) => {
          const { rowCount } = await tx.query('DELETE FROM datasets WHERE id = $1', [id]);
          if (rowCount === 0) throw notFound('Dataset', id);
          await recordAudit(tx, actorOf(request), {
            action: 'dataset.delete',
            target_type: 'dataset',
            target_id: id,
            summary: quoted(dataset),
          });
        });
      } catch (error) {
        // An experiment created since the count above.
        if (isForeignKeyViolation(error)) throw new HttpError(409, `Dataset "${dataset}" cannot be deleted: experiments use it.`);
        throw error;
      }
      return reply.code(204).send(null);
    },
  );
}
