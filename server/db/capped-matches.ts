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
 * The keys of up to COUNT_CAP matches, in no order (`select` is `SELECT <key> AS key FROM … WHERE …`), or
 * undefined when more match. Unordered, the database may find them the cheapest way (a trigram bitmap);
 * in the list's order it would walk the key's index testing every row: 314 ms for a word matching 2.5%
 * of a million entries, against 70 ms. The caller sorts them and cuts its page: counting and paging a
 * search were the same matching done twice.
 */
export async function matchesWithinCap<K>(db: Queryable, select: string, params: unknown[]): Promise<K[] | undefined> {
  const { rows } = await db.query<{ key: K }>(`${select} LIMIT ${COUNT_CAP + 1}`, params);
  return rows.length > COUNT_CAP ? undefined : rows.map((row) => row.key);
}
