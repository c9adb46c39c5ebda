/**
 * What the golden set page lists: its queries with their judgements by grade, and the history
 * of changes. Queries are read in key order from the judgements' (set, key, product) index, a page at a
 * time; the unsearched count is the set's kept query count.
 */
import type { Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import { containsPattern } from '../db/like-pattern';
import { queryKey } from '../evaluation/query-key';

export interface QueryRow {
  query: string;
  judgements: number;
  by_grade: Record<string, number>;
}

/** A page of the set's queries, those whose key contains `search`'s when given; 404 when there is no such set. */
export async function queryPage(
  db: Queryable,
  goldenSetId: number,
  search: string | undefined,
  [limit, offset]: number[],
): Promise<{ count: number; results: QueryRow[] }> {
  await requireRow(db, 'golden_sets', goldenSetId);
  const needle = search === undefined ? '' : queryKey(search);
  const matching = needle === '' ? '' : 'AND query_key LIKE $4';
  const params: unknown[] = [goldenSetId, limit, offset, ...(needle === '' ? [] : [containsPattern(needle)])];
  const [page, total] = await Promise.all([
    db.query<QueryRow>(
      `WITH keys AS (
         SELECT DISTINCT query_key FROM golden_set_judgements WHERE golden_set_id = $1 ${matching} ORDER BY query_key LIMIT $2 OFFSET $3
       )
       SELECT (array_agg(j.query ORDER BY j.id))[1] AS query, count(*)::int AS judgements,
         (SELECT jsonb_object_agg(grade::text, n) FROM (SELECT grade, count(*)::int AS n FROM golden_set_judgements
            WHERE golden_set_id = $1 AND query_key = keys.query_key GROUP BY grade) AS g) AS by_grade
       FROM keys JOIN golden_set_judgements j ON j.golden_set_id = $1 AND j.query_key = keys.query_key
       GROUP BY keys.query_key ORDER BY keys.query_key`,
      params,
    ),
    needle === ''
      ? db.query<{ count: number }>('SELECT query_count AS count FROM golden_sets WHERE id = $1', [goldenSetId])
      : db.query<{ count: number }>(
          'SELECT count(DISTINCT query_key)::int AS count FROM golden_set_judgements WHERE golden_set_id = $1 AND query_key LIKE $2',
          [goldenSetId, containsPattern(needle)],
        ),
  ]);
  return {
    count: Number(total.rows[0]?.count ?? 0),
    results: page.rows.map(({ query, judgements, by_grade }) => ({ query, judgements, by_grade })),
  };
}

export interface HistoryRow {
  id: number;
  version: number;
  query: string;
  product_id: string;
  old_grade: number | null;
  new_grade: number | null;
  changed_by: string | null;
  changed_at: string;
}

/** A page of the set's changes, newest first; 404 when there is no such set. */
export async function historyPage(
  db: Queryable,
  goldenSetId: number,
  [limit, offset]: number[],
): Promise<{ count: number; results: HistoryRow[] }> {
  await requireRow(db, 'golden_sets', goldenSetId);
  const [page, total] = await Promise.all([
    db.query<HistoryRow>(
      `SELECT id, version, query, product_id, old_grade, new_grade, changed_by, changed_at FROM golden_set_history
       WHERE golden_set_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [goldenSetId, limit, offset],
    ),
    db.query<{ count: number }>('SELECT count(*)::int AS count FROM golden_set_history WHERE golden_set_id = $1', [goldenSetId]),
  ]);
  return { count: Number(total.rows[0].count), results: page.rows };
}
