import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { errorSchema, HttpError, notFound } from '../errors';
import { describeEntry } from './entry-description';
import { entrySchema, idParams, metadataSchema, pageQuery, pageWindow, totalCountHeader, type PageQuery } from './schemas';

type Metadata = Record<string, unknown> | null;

interface EntryRow {
  id: number;
  input: string;
  input_metadata: Metadata;
  description: string | null;
  datasets: { id: number; name: string }[];
  created_at: string;
  updated_at: string;
}

interface EntryBody {
  input: string;
  input_metadata?: Metadata;
  description?: string | null;
}

const SELECT_ENTRIES = `
  SELECT e.id, e.input, e.input_metadata, e.description, e.created_at, e.updated_at,
    COALESCE((
      SELECT json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.name, d.id)
      FROM dataset_entry_mappings m JOIN datasets d ON d.id = m.dataset_id
      WHERE m.dataset_entry_id = e.id
    ), '[]'::json) AS datasets
  FROM dataset_entries e`;

const toEntry = (row: EntryRow) => ({ ...row, description: describeEntry(row.description, row.input) });

async function findEntry(db: Queryable, id: number) {
  const { rows } = await db.query<EntryRow>(`${SELECT_ENTRIES} WHERE e.id = $1`, [id]);
  if (rows.length === 0) throw notFound('Dataset entry', id);
  return toEntry(rows[0]);
}

export const MAX_INPUT_LENGTH = 10_000;

const inputSchema = { type: 'string', minLength: 1, maxLength: MAX_INPUT_LENGTH } as const;

/** Both drivers take JSON text for a jsonb parameter; objects would be serialised differently. */
const jsonParam = (value: Metadata) => (value === null ? null : JSON.stringify(value));

function requireInput(input: string): string {
  if (input.trim() === '') throw new HttpError(400, 'body.input must not be blank');
  return input;
}

export async function datasetEntryRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get<{ Querystring: PageQuery }>(
    '/dataset-entries/',
    {
      schema: {
        summary: 'List dataset entries with their datasets, newest first',
        tags: ['dataset entries'],
        querystring: pageQuery,
        response: { 200: { type: 'array', items: entrySchema, headers: totalCountHeader }, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const [page, total] = await Promise.all([
        db.query<EntryRow>(`${SELECT_ENTRIES} ORDER BY e.created_at DESC, e.id DESC LIMIT $1 OFFSET $2`, pageWindow(request.query)),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM dataset_entries'),
      ]);
      reply.header('X-Total-Count', total.rows[0].total);
      return page.rows.map(toEntry);
    },
  );

  app.post<{ Body: EntryBody }>(
    '/dataset-entries/',
    {
      schema: {
        summary: 'Create a dataset entry',
        tags: ['dataset entries'],
        body: {
          type: 'object',
          properties: {
            input: inputSchema,
            input_metadata: metadataSchema,
            description: { type: ['string', 'null'], maxLength: 10_000 },
          },
          required: ['input'],
          additionalProperties: false,
        },
        response: { 201: entrySchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { input, input_metadata = null, description = null } = request.body;
      const { rows } = await db.query<{ id: number }>(
        'INSERT INTO dataset_entries (input, input_metadata, description) VALUES ($1, $2::jsonb, $3) RETURNING id',
        [requireInput(input), jsonParam(input_metadata), description?.trim() || null],
      );
      return reply.code(201).send(await findEntry(db, rows[0].id));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/dataset-entries/:id',
    {
      schema: {
        summary: 'Get one dataset entry with its datasets',
        tags: ['dataset entries'],
        params: idParams,
        response: { 200: entrySchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => findEntry(db, request.params.id),
  );

  app.put<{ Params: { id: number }; Body: EntryBody }>(
    '/dataset-entries/:id',
    {
      schema: {
        summary: 'Replace the input and input_metadata of an entry (its description and datasets stay)',
        tags: ['dataset entries'],
        params: idParams,
        body: {
          type: 'object',
          properties: { input: inputSchema, input_metadata: metadataSchema },
          required: ['input'],
          additionalProperties: false,
        },
        response: { 200: entrySchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { input, input_metadata = null } = request.body;
      const { rowCount } = await db.query(
        'UPDATE dataset_entries SET input = $2, input_metadata = $3::jsonb, updated_at = now() WHERE id = $1',
        [request.params.id, requireInput(input), jsonParam(input_metadata)],
      );
      if (rowCount === 0) throw notFound('Dataset entry', request.params.id);
      return findEntry(db, request.params.id);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/dataset-entries/:id',
    {
      schema: {
        summary: 'Delete a dataset entry and its mappings (its datasets stay)',
        tags: ['dataset entries'],
        params: idParams,
        response: { 204: { type: 'null' }, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { rowCount } = await db.query('DELETE FROM dataset_entries WHERE id = $1', [request.params.id]);
      if (rowCount === 0) throw notFound('Dataset entry', request.params.id);
      return reply.code(204).send();
    },
  );
}
