/** A golden set's grades of one query, looked up as a run looks them up: by the query's key. */
import type { Queryable } from '../db/database';
import { queryKey } from '../evaluation/query-key';

/** Product id → grade, for every product the golden set judges for `query` (a query has tens of judgements, not thousands). */
export async function gradesOfQuery(db: Queryable, goldenSetId: number, query: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ product_id: string; grade: number }>(
    'SELECT product_id, grade FROM golden_set_judgements WHERE golden_set_id = $1 AND query_key = $2',
    [goldenSetId, queryKey(query)],
  );
  return new Map(rows.map((row) => [row.product_id, Number(row.grade)]));
}
