/** Dataset entries as the API shows them: with their datasets, and a description even when none is stored. */
import type { Queryable } from '../db/database';
import { notFound } from '../errors';
import type { DatasetEntry } from '../schemas/entries';
import type { ListTotal } from '../db/capped-matches';
import { describeEntry } from './entry-description';

/** A page of an entries list, with the list's total. */
export interface EntryListPage extends ListTotal {
  entries: DatasetEntry[];
}

/** As stored: an entry without a description shows the start of its input instead. */
export type EntryRow = Omit<DatasetEntry, 'description'> & { description: string | null };

/** An entry's columns, with its datasets, from `dataset_entries e`. */
export const ENTRY_COLUMNS = `e.id, e.input, e.input_metadata, e.description, e.demo, e.created_at, e.updated_at,
    COALESCE((
      SELECT json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.name, d.id)
      FROM dataset_entry_mappings m JOIN datasets d ON d.id = m.dataset_id
      WHERE m.dataset_entry_id = e.id
    ), '[]'::json) AS datasets`;

const SELECT_ENTRIES = `SELECT ${ENTRY_COLUMNS} FROM dataset_entries e`;

export const toEntry = (row: EntryRow): DatasetEntry => ({ ...row, description: describeEntry(row.description, row.input) });

export async function loadEntry(db: Queryable, id: number): Promise<DatasetEntry> {
  const { rows } = await db.query<EntryRow>(`${SELECT_ENTRIES} WHERE e.id = $1`, [id]);
  if (rows.length === 0) throw notFound('Dataset entry', id);
  return toEntry(rows[0]);
}

/** The entries of `ids`, newest (highest id) first. */
export async function loadEntries(db: Queryable, ids: number[]): Promise<DatasetEntry[]> {
  const { rows } = await db.query<EntryRow>(`${SELECT_ENTRIES} WHERE e.id = ANY($1::bigint[]) ORDER BY e.id DESC`, [ids]);
  return rows.map(toEntry);
}
