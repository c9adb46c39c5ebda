/**
 * How much of a dataset a golden set can score: the dataset's distinct queries (entry inputs by query key,
 * as runs match them) and which of those the set judges above 0. A run scores only those; the rest are
 * UNJUDGED. Entries are read a page at a time, so a big dataset costs time, not memory beyond its keys.
 */
import type { Queryable } from '../db/database';
import { queryKey } from '../evaluation/query-key';

/** The unjudged queries listed at most: the count says how many there are. */
export const NOT_JUDGED_LISTED = 1000;
const PAGE_ROWS = 10_000;

export interface Coverage {
  queries: number;
  judged: number;
  /** Up to NOT_JUDGED_LISTED of them, as first written in the dataset, in entry order. */
  not_judged: string[];
}

export async function coverage(db: Queryable, goldenSetId: number, datasetId: number): Promise<Coverage> {
  const { rows: judgedRows } = await db.query<{ query_key: string }>(
    'SELECT DISTINCT query_key FROM golden_set_judgements WHERE golden_set_id = $1 AND grade > 0',
    [goldenSetId],
  );
  const judgedKeys = new Set(judgedRows.map((row) => row.query_key));
  const seen = new Set<string>();
  const notJudged: string[] = [];
  let judged = 0;
  let after = 0;
  for (;;) {
    const { rows } = await db.query<{ id: number; input: string }>(
      // The page's ids from the mappings' key first: planned as one join, each page read the entries from the first.
      `WITH ids AS (
         SELECT dataset_entry_id AS id FROM dataset_entry_mappings WHERE dataset_id = $1 AND dataset_entry_id > $2
         ORDER BY dataset_entry_id LIMIT $3)
       SELECT e.id, e.input FROM ids JOIN dataset_entries e ON e.id = ids.id ORDER BY e.id`,
      [datasetId, after, PAGE_ROWS],
    );
    for (const { input } of rows) {
      const key = queryKey(input);
      if (seen.has(key)) continue;
      seen.add(key);
      if (judgedKeys.has(key)) judged++;
      else if (notJudged.length < NOT_JUDGED_LISTED) notJudged.push(input.trim());
    }
    if (rows.length < PAGE_ROWS) break;
    after = Number(rows[rows.length - 1].id);
  }
  return { queries: seen.size, judged, not_judged: notJudged };
}
