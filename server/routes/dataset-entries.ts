import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { errorSchema, HttpError, notFound } from '../errors';
import { describeEntry } from './entry-description';
import { entrySchema, idParams, idSchema, metadataSchema, pageQuery, pageWindow, totalCountHeader, type PageQuery } from './schemas';

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

/** Beyond spec §7: filters for the dataset editor's lists, so no list is cut at a page of 1000. */
const entryListQuery = {
  ...pageQuery,
  properties: {
    ...pageQuery.properties,
    in_dataset: { ...idSchema, description: 'Only entries in this dataset' },
    not_in_dataset: { ...idSchema, description: 'Only entries not in this dataset' },
    search: { type: 'string', maxLength: 1000, description: 'Only entries whose input contains this text, ignoring case' },
  },
} as const;

interface EntryListQuery extends PageQuery {
  in_dataset?: number;
  not_in_dataset?: number;
  search?: string;
}

/** The WHERE clause of a filtered list and its parameters, numbered from `first`. */
function entryFilter(query: EntryListQuery, first: number): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const next = (value: unknown) => `$${first + params.push(value) - 1}`;
  if (query.in_dataset !== undefined) {
    conditions.push(`EXISTS (SELECT 1 FROM dataset_entry_mappings m WHERE m.dataset_id = ${next(query.in_dataset)} AND m.dataset_entry_id = e.id)`);
  }
  if (query.not_in_dataset !== undefined) {
    conditions.push(`NOT EXISTS (SELECT 1 FROM dataset_entry_mappings m WHERE m.dataset_id = ${next(query.not_in_dataset)} AND m.dataset_entry_id = e.id)`);
  }
  const search = query.search?.trim();
  if (search) conditions.push(`strpos(lower(e.input), lower(${next(search)})) > 0`);
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

const inputSchema = { type: 'string', minLength: 1, maxLength: MAX_INPUT_LENGTH } as const;

/** Both drivers take JSON text for a jsonb parameter; objects would be serialised differently. */
const jsonParam = (value: Metadata) => (value === null ? null : JSON.stringify(value));

function requireInput(input: string): string {
  if (input.trim() === '') throw new HttpError(400, 'body.input must not be blank');
  return input;
}

export async function datasetEntryRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get<{ Querystring: EntryListQuery }>(
    '/dataset-entries/',
    {
      schema: {
        summary: 'List dataset entries with their datasets, newest first; optionally in / not in a dataset, or containing a text',
        tags: ['dataset entries'],
        querystring: entryListQuery,
        response: { 200: { type: 'array', items: entrySchema, headers: totalCountHeader }, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const filter = entryFilter(request.query, 3);
      const counted = entryFilter(request.query, 1);
      const [page, total] = await Promise.all([
        db.query<EntryRow>(
          `${SELECT_ENTRIES} ${filter.where} ORDER BY e.created_at DESC, e.id DESC LIMIT $1 OFFSET $2`,
          [...pageWindow(request.query), ...filter.params],
        ),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM dataset_entries e ${counted.where}`, counted.params),
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
