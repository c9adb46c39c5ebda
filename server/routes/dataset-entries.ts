import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database, Queryable } from '../db/database';
import { actorOf } from '../auth/actor';
import { recordAudit } from '../audit/audit-trail';
import { changedFields, quoted } from '../audit/audit-summaries';
import { HttpError, notFound } from '../errors';
import { queryKey } from '../evaluation/query-key';
import { EntryContentSchema, EntryListQuerySchema, EntrySchema, NewEntrySchema, type DatasetEntry } from '../schemas/entries';
import { ErrorSchema } from '../schemas/errors';
import { ListOf } from '../schemas/paging';
import { IdParamsSchema, NoContentSchema } from '../schemas/shared';
import { describeEntry } from './entry-description';
import { entryListPage } from './entry-list';
import { sendTotal } from './total-headers';

type Metadata = DatasetEntry['input_metadata'];
/** What an edit replaces, as stored: compared before and after for the audit trail. */
type StoredContent = Pick<DatasetEntry, 'input' | 'input_metadata'>;
/** As stored: an entry without a description shows the start of its input instead. */
type EntryRow = Omit<DatasetEntry, 'description'> & { description: string | null };

const SELECT_ENTRIES = `
  SELECT e.id, e.input, e.input_metadata, e.description, e.created_at, e.updated_at,
    COALESCE((
      SELECT json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.name, d.id)
      FROM dataset_entry_mappings m JOIN datasets d ON d.id = m.dataset_id
      WHERE m.dataset_entry_id = e.id
    ), '[]'::json) AS datasets
  FROM dataset_entries e`;

const toEntry = (row: EntryRow): DatasetEntry => ({ ...row, description: describeEntry(row.description, row.input) });

async function findEntry(db: Queryable, id: number) {
  const { rows } = await db.query<EntryRow>(`${SELECT_ENTRIES} WHERE e.id = $1`, [id]);
  if (rows.length === 0) throw notFound('Dataset entry', id);
  return toEntry(rows[0]);
}

/** Both drivers take JSON text for a jsonb parameter; objects would be serialised differently. */
const jsonParam = (value: Metadata) => (value === null ? null : JSON.stringify(value));

function requireInput(input: string): string {
  if (input.trim() === '') throw new HttpError(400, 'body.input must not be blank');
  return input;
}

export async function datasetEntryRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/dataset-entries/',
    {
      schema: {
        summary:
          'List dataset entries with their datasets, newest (highest id) first; optionally in / not in a dataset, or containing a text',
        tags: ['dataset entries'],
        querystring: EntryListQuerySchema,
        response: { 200: ListOf(EntrySchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { ids, ...total } = await entryListPage(db, request.query);
      const page = await db.query<EntryRow>(`${SELECT_ENTRIES} WHERE e.id = ANY($1::bigint[]) ORDER BY e.id DESC`, [ids]);
      sendTotal(reply, total);
      return page.rows.map(toEntry);
    },
  );

  app.post(
    '/dataset-entries/',
    {
      schema: {
        summary: 'Create a dataset entry',
        tags: ['dataset entries'],
        body: NewEntrySchema,
        response: { 201: EntrySchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { input, input_metadata = null, description = null } = request.body;
      const id = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          'INSERT INTO dataset_entries (input, input_metadata, description, query_key) VALUES ($1, $2::jsonb, $3, $4) RETURNING id',
          [requireInput(input), jsonParam(input_metadata), description?.trim() || null, queryKey(input)],
        );
        await recordAudit(tx, actorOf(request), {
          action: 'entry.create',
          target_type: 'entry',
          target_id: rows[0].id,
          summary: quoted(input),
        });
        return rows[0].id;
      });
      return reply.code(201).send(await findEntry(db, id));
    },
  );

  app.get(
    '/dataset-entries/:id',
    {
      schema: {
        summary: 'Get one dataset entry with its datasets',
        tags: ['dataset entries'],
        params: IdParamsSchema,
        response: { 200: EntrySchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => findEntry(db, request.params.id),
  );

  app.put(
    '/dataset-entries/:id',
    {
      schema: {
        summary: 'Replace the input and input_metadata of an entry (its description and datasets stay)',
        tags: ['dataset entries'],
        params: IdParamsSchema,
        body: EntryContentSchema,
        response: { 200: EntrySchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { input, input_metadata = null } = request.body;
      await db.transaction(async (tx) => {
        const before = await tx.query<StoredContent>('SELECT input, input_metadata FROM dataset_entries WHERE id = $1 FOR UPDATE', [id]);
        if (before.rows.length === 0) throw notFound('Dataset entry', id);
        const after = await tx.query<StoredContent>(
          `UPDATE dataset_entries SET input = $2, input_metadata = $3::jsonb, query_key = $4, updated_at = now()
           WHERE id = $1 RETURNING input, input_metadata`,
          [id, requireInput(input), jsonParam(input_metadata), queryKey(input)],
        );
        await recordAudit(tx, actorOf(request), {
          action: 'entry.update',
          target_type: 'entry',
          target_id: id,
          summary: changedFields(before.rows[0], after.rows[0], ['input', 'input_metadata']),
        });
      });
      return findEntry(db, id);
    },
  );

  app.delete(
    '/dataset-entries/:id',
    {
      schema: {
        summary: 'Delete a dataset entry and its mappings (its datasets stay)',
        tags: ['dataset entries'],
        params: IdParamsSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ input: string }>('DELETE FROM dataset_entries WHERE id = $1 RETURNING input', [id]);
        if (rows.length === 0) throw notFound('Dataset entry', id);
        await recordAudit(tx, actorOf(request), {
          action: 'entry.delete',
          target_type: 'entry',
          target_id: id,
          summary: quoted(rows[0].input),
        });
      });
      return reply.code(204).send(null);
    },
  );
}
