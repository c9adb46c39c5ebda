/**
 * The keys of one page of a long list, read from an index alone and from whichever end of the list is
 * nearer: no page skips more than half the rows, and skipped rows are never read whole. The caller
 * then reads only those keys' rows. Without the list's exact total (a capped search count), pages are
 * read from the start.
 */
import type { Queryable } from './database';

export interface PageKeysQuery {
  /** `SELECT <key> AS key FROM …` without ORDER BY: the key column and the rows it picks. */
  select: string;
  params: unknown[];
  /**
   * The list's order, first to last: columns with their direction (the key last, to make it total), and
   * where a column's NULLs go when not where the direction puts them (last ascending, first descending).
   */
  order: ReadonlyArray<OrderColumn>;
  limit: number;
  offset: number;
  /** The exact total, or undefined when it is not known. */
  total: number | undefined;
}

export type OrderColumn = readonly [column: string, direction: 'ASC' | 'DESC', nulls?: 'NULLS FIRST' | 'NULLS LAST'];

const flipped = (direction: 'ASC' | 'DESC') => (direction === 'ASC' ? 'DESC' : 'ASC');
const flippedNulls = (nulls: 'NULLS FIRST' | 'NULLS LAST') => (nulls === 'NULLS FIRST' ? 'NULLS LAST' : 'NULLS FIRST');

/** The column in the list's order, or in its exact reverse. */
function orderTerm([column, direction, nulls]: OrderColumn, reversed: boolean): string {
  const term = `${column} ${reversed ? flipped(direction) : direction}`;
  if (nulls === undefined) return term;
  return `${term} ${reversed ? flippedNulls(nulls) : nulls}`;
}

export async function pageKeys<K = string | number>(db: Queryable, query: PageKeysQuery): Promise<K[]> {
  const { select, params, order, limit, offset, total } = query;
  if (total !== undefined && offset >= total) return [];
  const fromLast = total !== undefined && offset > total / 2;
  const skip = fromLast ? Math.max(0, total - offset - limit) : offset;
  const take = fromLast ? Math.min(limit, total - offset) : limit;
  const orderBy = order.map((column) => orderTerm(column, fromLast)).join(', ');
  const { rows } = await db.query<{ key: K }>(`${select} ORDER BY ${orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    take,
    skip,
  ]);
  const keys = rows.map((row) => row.key);
  return fromLast ? keys.reverse() : keys;
}
