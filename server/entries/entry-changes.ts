/** A dataset entry created, replaced or deleted, each in one transaction with its audit record. */
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { changedFields, quoted, type AuditActor } from '../audit/audit-summaries';
import { HttpError, notFound } from '../errors';
import { queryKey } from '../evaluation/query-key';
import type { DatasetEntry, EntryContent, NewEntry } from '../schemas/entries';
import { loadEntry } from './entry-records';

type Metadata = DatasetEntry['input_metadata'];
/** What an edit replaces, as stored: compared before and after for the audit trail. */
type StoredContent = Pick<DatasetEntry, 'input' | 'input_metadata'>;

/** Both drivers take JSON text for a jsonb parameter; objects would be serialised differently. */
const jsonParam = (value: Metadata) => (value === null ? null : JSON.stringify(value));

function requireInput(input: string): string {
  if (input.trim() === '') throw new HttpError(400, 'body.input must not be blank');
  return input;
}

export async function createEntry(db: Database, entry: NewEntry, actor: AuditActor): Promise<DatasetEntry> {
  const { input, input_metadata = null, description = null } = entry;
  const id = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO dataset_entries (input, input_metadata, description, query_key) VALUES ($1, $2::jsonb, $3, $4) RETURNING id',
      [requireInput(input), jsonParam(input_metadata), description?.trim() || null, queryKey(input)],
    );
    await recordAudit(tx, actor, {
      action: 'entry.create',
      target_type: 'entry',
      target_id: rows[0].id,
      summary: quoted(input),
    });
    return rows[0].id;
  });
  return loadEntry(db, id);
}

/** Replaces the input and input_metadata (the description and datasets stay); 404 when there is no such entry. */
export async function replaceEntryContent(db: Database, id: number, content: EntryContent, actor: AuditActor): Promise<DatasetEntry> {
  const { input, input_metadata = null } = content;
  await db.transaction(async (tx) => {
    const before = await tx.query<StoredContent>('SELECT input, input_metadata FROM dataset_entries WHERE id = $1 FOR UPDATE', [id]);
    if (before.rows.length === 0) throw notFound('Dataset entry', id);
    // demo = false: a person's change makes a row the demo made theirs, kept when the demo data is removed.
    const after = await tx.query<StoredContent>(
      `UPDATE dataset_entries SET input = $2, input_metadata = $3::jsonb, query_key = $4, updated_at = now(), demo = false
       WHERE id = $1 RETURNING input, input_metadata`,
      [id, requireInput(input), jsonParam(input_metadata), queryKey(input)],
    );
    await recordAudit(tx, actor, {
      action: 'entry.update',
      target_type: 'entry',
      target_id: id,
      summary: changedFields(before.rows[0], after.rows[0], ['input', 'input_metadata']),
    });
  });
  return loadEntry(db, id);
}

/** Deletes the entry and its mappings (its datasets stay); 404 when there is no such entry. */
export async function deleteEntry(db: Database, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ input: string }>('DELETE FROM dataset_entries WHERE id = $1 RETURNING input', [id]);
    if (rows.length === 0) throw notFound('Dataset entry', id);
    await recordAudit(tx, actor, {
      action: 'entry.delete',
      target_type: 'entry',
      target_id: id,
      summary: quoted(rows[0].input),
    });
  });
}
