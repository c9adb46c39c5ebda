/**
 * The trigram (GIN) indexes searches read. A GIN index first collects new rows in a pending list that
 * every search scans whole; PostgreSQL's autovacuum merges it later, PGlite never does. Imports that
 * write many rows merge it when they end, so the first searches after them are not the slow ones.
 */
import type { Queryable } from './database';

export const SEARCH_INDEXES = {
  products: 'products_search_idx',
  entries: 'dataset_entries_input_trgm_idx',
} as const;

/** Merges the index's pending list into the index proper; the pending pages it merged. */
export async function mergePendingRows(db: Queryable, index: keyof typeof SEARCH_INDEXES): Promise<number> {
  const { rows } = await db.query<{ pages: number | string }>('SELECT gin_clean_pending_list($1::regclass) AS pages', [
    SEARCH_INDEXES[index],
  ]);
  return Number(rows[0].pages);
}
