/**
 * A page of an entries search with more matches than the count cap, newest first, read the cheaper of two
 * ways. Walking the id index and testing each entry costs the entries walked, (offset + limit) / the share
 * that match: cheap for a common word, most of the table for one just over the cap. Reading every match
 * through the trigram index and sorting costs the matches. The planner estimates the matches well once
 * the table is analyzed, but misprices the two ways, so it walks where reading the matches is several times
 * cheaper: at a million entries on PGlite, page 500 of "velvet" (2.5%) took 117 ms walking and 31 ms through
 * the index; of "table" (9%), 28 ms walking and 92 ms through the index. Its estimate is asked for, and
 * priced here with measured costs.
 */
import type { Queryable } from './database';

/** A match read through the trigram index costs about as much as this many entries walked (1.0–1.25 µs vs 0.25–0.29 µs on PGlite, measured). */
const MATCH_COST_IN_WALKED_ENTRIES = 4;

/** `matching` is the search's condition on `e` (an entry's lowercased input in entry_search_texts) with its parameters; `entries` all entries. */
export async function cappedSearchPageKeys(
  db: Queryable,
  matching: string,
  params: unknown[],
  entries: number,
  limit: number,
  offset: number,
): Promise<number[]> {
  const { rows: plan } = await db.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> | string }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM entry_search_texts e WHERE ${matching}`,
    params,
  );
  const explained = plan[0]['QUERY PLAN'];
  const matches = Math.max(1, (typeof explained === 'string' ? JSON.parse(explained) : explained)[0].Plan['Plan Rows']);
  const walked = ((offset + limit) * entries) / matches;
  // `e.id + 0` is not the id index's order, so the planner reads the matches through the trigram index and sorts them.
  const order = walked <= matches * MATCH_COST_IN_WALKED_ENTRIES ? 'e.id DESC' : 'e.id + 0 DESC';
  const { rows } = await db.query<{ id: string | number }>(
    `SELECT e.id FROM entry_search_texts e WHERE ${matching} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  return rows.map((row) => Number(row.id));
}
