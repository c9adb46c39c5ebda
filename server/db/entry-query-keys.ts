/**
 * Fills the query key of entries stored without one: rows written before migration 014, or by SQL that
 * leaves the column out. Computed in JS as every writer computes it (server/evaluation/query-key.ts),
 * a batch at a time, so a big table costs time, not memory. Safe to run again and from several servers.
 */
import type { Queryable } from './database';
import { queryKey } from '../evaluation/query-key';

const BATCH_ROWS = 10_000;

export async function fillEntryQueryKeys(db: Queryable): Promise<number> {
  let filled = 0;
  let after = 0;
  for (;;) {
    const { rows } = await db.query<{ id: number; input: string }>(
      'SELECT id, input FROM dataset_entries WHERE query_key IS NULL AND id > $1 ORDER BY id LIMIT $2',
      [after, BATCH_ROWS],
    );
    if (rows.length === 0) break;
    // Only where the row still has no key and the input read: an edit meanwhile wrote its own key.
    const { rowCount } = await db.query(
      `UPDATE dataset_entries e SET query_key = f.key
       FROM unnest($1::bigint[], $2::text[], $3::text[]) AS f (id, input, key)
       WHERE e.id = f.id AND e.query_key IS NULL AND e.input = f.input`,
      [rows.map((row) => row.id), rows.map((row) => row.input), rows.map((row) => queryKey(row.input))],
    );
    filled += rowCount;
    if (rows.length < BATCH_ROWS) break;
    after = rows[rows.length - 1].id;
  }
  return filled;
}
