/**
 * Totals of text searches over lists that grow by the million: counting every match of a common word
 * costs as much as reading the table (80–100 ms at a million entries, both cores), so a search's total
 * is counted up to COUNT_CAP and then only said to be more. Kept counts (row-counts.ts) stay exact.
 */
import type { Queryable } from './database';

export const COUNT_CAP = 10_000;

export interface ListTotal {
  /** Exact, or COUNT_CAP when `capped`. */
  total: number;
  /** More than COUNT_CAP match: the list goes on past `total`. */
  capped: boolean;
}

export const exactTotal = (total: number): ListTotal => ({ total, capped: false });

/** `select` picks the matching rows (`SELECT 1 FROM … WHERE …`); at most COUNT_CAP + 1 are read. */
export async function cappedCount(db: Queryable, select: string, params: unknown[]): Promise<ListTotal> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${select} LIMIT ${COUNT_CAP + 1}) matched`, params);
  const n = Number(rows[0].n);
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : exactTotal(n);
}
