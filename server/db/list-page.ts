/**
 * A page of a list and the list's size in one statement, kept prepared: the count is a subquery the
 * database runs once, its value beside each of the page's rows. Each statement is a round trip to the
 * database and a write on both sides, and planning it costs more than reading a short list. An empty page
 * has no row to carry the count: at the list's start the list is empty, past its end it is counted on its
 * own.
 */
import type { Queryable } from './database';

export interface ListPageQuery {
  /** The page's columns. */
  columns: string;
  /** What follows FROM: the list's tables and conditions, with `params` as $1, $2, … */
  from: string;
  /** What to count when cheaper than `from` and the same rows (`from` without its joins). */
  countFrom?: string;
  orderBy: string;
  params: unknown[];
}

/** `window` is [limit, offset]; a null limit is the whole list. */
export async function listPage<R extends object>(
  db: Queryable,
  query: ListPageQuery,
  [limit, offset]: ReadonlyArray<number | null>,
): Promise<{ rows: R[]; total: number }> {
  const { columns, from, countFrom = from, orderBy, params } = query;
  const counted = `SELECT count(*)::int AS list_total FROM ${countFrom}`;
  const { rows } = await db.query<R & { list_total: number }>(
    `SELECT ${columns}, (${counted}) AS list_total FROM ${from} ORDER BY ${orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
    { prepare: true },
  );
  if (rows.length > 0) return { rows: rows.map(({ list_total: _total, ...row }) => row as unknown as R), total: rows[0].list_total };
  if (!offset) return { rows: [], total: 0 };
  return { rows: [], total: (await db.query<{ list_total: number }>(counted, params)).rows[0].list_total };
}
