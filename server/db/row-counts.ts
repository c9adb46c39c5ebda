/**
 * The counts migration 008 keeps: one row per writing statement, summed on reading. A count read
 * from many rows folds them into one, in a statement of its own, so reading stays one index lookup.
 */
import type { Queryable } from './database';

export type Counted = 'entries' | 'dataset' | 'judgements' | 'products';

/** Rows of one count beyond which reading it folds them. */
const FOLD_ABOVE = 64;

/** The count of `counted` for a dataset or golden set (`ownerId`), or of the whole table (0). */
export async function rowCount(db: Queryable, counted: Counted, ownerId = 0): Promise<number> {
  const { rows } = await db.query<{ n: string | number; parts: number }>(
    'SELECT coalesce(sum(n), 0) AS n, count(*)::int AS parts FROM row_counts WHERE counted = $1 AND owner_id = $2',
    [counted, ownerId],
  );
  const { n, parts } = rows[0];
  await foldIfSplit(db, counted, ownerId, parts);
  return Number(n);
}

/** Folds a count read from `parts` rows when they are more than reading should meet. */
export async function foldIfSplit(db: Queryable, counted: Counted, ownerId: number, parts: number): Promise<void> {
  if (parts > FOLD_ABOVE) await foldCount(db, counted, ownerId);
}

/**
 * Replaces a count's committed rows by their sum. Rows other transactions are still writing are not
 * seen, so they stay; two folds at once wait for each other's rows, so nothing counts twice.
 */
async function foldCount(db: Queryable, counted: Counted, ownerId: number): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM row_counts WHERE counted = $1 AND owner_id = $2 RETURNING n)
     INSERT INTO row_counts (counted, owner_id, n) SELECT $1, $2, sum(n) FROM gone HAVING count(*) > 0`,
    [counted, ownerId],
  );
}

/** SQL for the count of a dataset's entries, for a list's SELECT (`owner` is a column or parameter). */
export const datasetEntryCountSql = (owner: string) =>
  `(SELECT coalesce(sum(n), 0)::int FROM row_counts WHERE counted = 'dataset' AND owner_id = ${owner})`;
export const judgementCountSql = (owner: string) =>
  `(SELECT coalesce(sum(n), 0)::int FROM row_counts WHERE counted = 'judgements' AND owner_id = ${owner})`;
