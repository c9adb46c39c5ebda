/**
 * How much of a dataset a golden set can score: the dataset's distinct queries (entry inputs by query key,
 * as runs match them) and which of those the set judges above 0. A run scores only those; the rest are
 * UNJUDGED. Counted in SQL on the entries' stored keys (migration 014), so the server reads at most the
 * listed inputs, whatever the dataset's size.
 */
import type { Database } from '../db/database';
import { queryKey } from '../evaluation/query-key';

/** The unjudged queries listed at most: the count says how many there are. */
export const NOT_JUDGED_LISTED = 1000;

export interface Coverage {
  queries: number;
  judged: number;
  /** Up to NOT_JUDGED_LISTED of them, as first written in the dataset, in entry order. */
  not_judged: string[];
}

/** A dataset's entries as (id, key): $1 the dataset. */
const KEYED_ENTRIES = `
  SELECT e.id, e.query_key AS key
  FROM dataset_entry_mappings m JOIN dataset_entries e ON e.id = m.dataset_entry_id
  WHERE m.dataset_id = $1 AND e.query_key IS NOT NULL`;
/**
 * Entries without a stored key (written by SQL that leaves the column out; migrate() fills them at the next
 * start) come in keyed in JS: $4 their ids, $5 their keys. Only then: the union hides the keys' statistics
 * from the planner, which then sorts and spills (1.2 s rather than 0.3 s at 500,000 entries).
 */
const WITH_UNKEYED = `${KEYED_ENTRIES} UNION ALL SELECT * FROM unnest($4::bigint[], $5::text[])`;

/** Each key once, at its first entry (lowest id), marked judged when golden set $2 grades it above 0; $3 unjudged listed. */
const coverageSql = (entries: string) => `
  WITH judged AS (SELECT DISTINCT query_key FROM golden_set_judgements WHERE golden_set_id = $2 AND grade > 0),
  queries AS MATERIALIZED (
    SELECT q.first_id, j.query_key IS NOT NULL AS judged
    FROM (SELECT key, min(id) AS first_id FROM (${entries}) AS entries GROUP BY key) AS q
    LEFT JOIN judged j ON j.query_key = q.key
  )
  SELECT counts.queries, counts.judged,
    ARRAY(
      SELECT e.input FROM (SELECT first_id FROM queries WHERE NOT judged ORDER BY first_id LIMIT $3) AS q
      JOIN dataset_entries e ON e.id = q.first_id ORDER BY q.first_id
    ) AS not_judged
  FROM (SELECT count(*) AS queries, count(*) FILTER (WHERE judged) AS judged FROM queries) AS counts`;

export async function coverage(db: Database, goldenSetId: number, datasetId: number): Promise<Coverage> {
  return db.transaction(async (tx) => {
    // One snapshot for both reads: an entry keyed or edited between them would otherwise count twice.
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const unkeyed = await tx.query<{ id: number; input: string }>(
      `SELECT e.id, e.input FROM dataset_entries e JOIN dataset_entry_mappings m ON m.dataset_entry_id = e.id
       WHERE m.dataset_id = $1 AND e.query_key IS NULL`,
      [datasetId],
    );
    const keyed = unkeyed.rows.length === 0 ? [] : [unkeyed.rows.map((row) => row.id), unkeyed.rows.map((row) => queryKey(row.input))];
    const { rows } = await tx.query<{ queries: number; judged: number; not_judged: string[] }>(
      coverageSql(keyed.length === 0 ? KEYED_ENTRIES : WITH_UNKEYED),
      [datasetId, goldenSetId, NOT_JUDGED_LISTED, ...keyed],
    );
    const { queries, judged, not_judged } = rows[0];
    // Trimmed here: SQL's btrim() takes off spaces only, JS's trim() all white space, as the key does.
    return { queries, judged, not_judged: not_judged.map((input) => input.trim()) };
  });
}
