/**
 * Totals of searches over lists that grow by the million: counting every match of a common word costs
 * as much as reading the table (80–100 ms at a million entries, both cores), so a search's matches are
 * counted up to COUNT_CAP and past that only said to be more. Kept counts (row-counts.ts) stay exact.
 */
import type { Queryable } from './database';

export const COUNT_CAP = 10_000;

export interface ListTotal {
  /** Exact, or COUNT_CAP when `capped`. */
  total: number;
  /** More than COUNT_CAP match: the list goes on past `total`. */
  capped: boolean;
}

/**
 * How many rows match, and the page of their keys in descending order, or undefined when more than
 * COUNT_CAP match (`select` is `SELECT <key> AS key FROM … WHERE …`). Up to COUNT_CAP + 1 matches are read
 * in no order, so the database may find them the cheapest way (a trigram bitmap); in the list's order it
 * would walk the key's index testing every row: 314 ms for a word matching 2.5% of a million entries,
 * against 70 ms. They are counted and cut into the page in the database, in one answer of one row:
 * sending the keys to be counted here cost more than finding them on PGlite (55 against 40 ms for 10,001).
 */
export async function matchesPageWithinCap(
  db: Queryable,
  select: string,
  params: unknown[],
  limit: number,
  offset: number,
): Promise<{ total: number; keys: number[] } | undefined> {
  const at = params.length;
  const { rows } = await db.query<{ total: number; keys: Array<number | string> }>(
    `WITH matches AS MATERIALIZED (${select} LIMIT ${COUNT_CAP + 1})
     SELECT (SELECT count(*)::int FROM matches) AS total,
       ARRAY(SELECT key FROM matches ORDER BY key DESC LIMIT $${at + 1} OFFSET $${at + 2}) AS keys`,
    [...params, limit, offset],
  );
  const { total, keys } = rows[0];
  return total > COUNT_CAP ? undefined : { total, keys: keys.map(Number) };
}
