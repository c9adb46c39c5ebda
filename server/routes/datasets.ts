import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../db/database-errors';
import { errorSchema, HttpError, notFound } from '../errors';
import { datasetSchema, idParams, pageQuery, pageWindow, totalCountHeader, type PageQuery } from './schemas';
import { requireText } from './text-fields';

const COLUMNS = 'id, name, description, created_at, updated_at';
export const MAX_DATASET_NAME = 200;

interface DatasetBody {
  name: string;
  description: string;
}

export async function datasetRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get<{ Querystring: PageQuery }>(
    '/datasets/',
    {
      schema: {
        summary: 'List datasets, newest first',
        tags: ['datasets'],
        querystring: pageQuery,
        response: { 200: { type: 'array', items: datasetSchema, headers: totalCountHeader }, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const [page, total] = await Promise.all([
        db.query(`SELECT ${COLUMNS} FROM datasets ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, pageWindow(request.query)),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM datasets'),
      ]);
      reply.header('X-Total-Count', total.rows[0].total);
      return page.rows;
    },
  );

  app.post<{ Body: DatasetBody }>(
    '/datasets/',
    {
      schema: {
        summary: 'Create a dataset',
        tags: ['datasets'],
        body: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: MAX_DATASET_NAME, description: 'Trimmed; unique; no "|"' },
            description: { type: 'string', maxLength: 10_000 },
          },
          required: ['name', 'description'],
          additionalProperties: false,
        },
        response: { 201: datasetSchema, 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const name = requireText(request.body.name, 'name');
      const description = requireText(request.body.description, 'description');
      if (name.includes('|')) throw new HttpError(400, 'body.name may not contain "|" (it separates dataset names in CSV uploads)');
      try {
        const { rows } = await db.query(
          `INSERT INTO datasets (name, description) VALUES ($1, $2) RETURNING ${COLUMNS}`,
          [name, description],
        );
        return reply.code(201).send(rows[0]);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, `A dataset named "${name}" already exists`);
        throw error;
      }
    },
  );

  app.get<{ Params: { id: number } }>(
    '/datasets/:id',
    {
      schema: {
        summary: 'Get one dataset',
        tags: ['datasets'],
        params: idParams,
        response: { 200: datasetSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { rows } = await db.query(`SELECT ${COLUMNS} FROM datasets WHERE id = $1`, [request.params.id]);
      if (rows.length === 0) throw notFound('Dataset', request.params.id);
      return rows[0];
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/datasets/:id',
    {
      schema: {
        summary: 'Delete a dataset and its mappings (its entries stay); refused while experiments use it',
        tags: ['datasets'],
        params: idParams,
        response: { 204: { type: 'null' }, 400: errorSchema, 404: errorSchema, 409: errorSchema },
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
      return reply.code(204).send();
    },
  );
}
