import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
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
             (SELECT count(*)::int FROM dataset_entry_mappings m WHERE m.dataset_id = datasets.id) AS entry_count
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
        const { rows } = await db.query<Dataset>(`INSERT INTO datasets (name, description) VALUES ($1, $2) RETURNING ${COLUMNS}`, [
          name,
          description,
        ]);
        return reply.code(201).send(rows[0]);
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
        summary: 'Delete a dataset and its mappings (its entries stay); refused while experiments use it',
        tags: ['datasets'],
        params: IdParamsSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { rows } = await db.query<{ experiments: number }>(
        'SELECT count(*)::int AS experiments FROM experiments WHERE dataset_id = $1',
        [id],
      );
      const { experiments } = rows[0];
      if (experiments > 0) {
        const what = experiments === 1 ? '1 experiment uses' : `${experiments} experiments use`;
        throw new HttpError(409, `Dataset ${id} cannot be deleted: ${what} it`, { experiments });
      }
      try {
        const { rowCount } = await db.query('DELETE FROM datasets WHERE id = $1', [id]);
        if (rowCount === 0) throw notFound('Dataset', id);
      } catch (error) {
        // An experiment created since the count above.
        if (isForeignKeyViolation(error)) throw new HttpError(409, `Dataset ${id} cannot be deleted: experiments use it`);
        throw error;
      }
      return reply.code(204).send(null);
    },
  );
}
