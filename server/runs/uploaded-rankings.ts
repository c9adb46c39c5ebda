/**
 * An evaluation's "search": the ranking its file gave each query, so its run is scored by the runs' engine
 * without asking any search service. A query the file did not rank (a dataset's query) found nothing.
 */
import type { Queryable } from '../db/database';
import { queryKey } from '../evaluation/query-key';
import type { StoredOutcome } from './stored-rankings';

export async function uploadedOutcomes(
  db: Queryable,
  runId: number,
  entries: ReadonlyArray<{ entry_id: number; input: string }>,
): Promise<Map<number, StoredOutcome>> {
  const keys = [...new Set(entries.map((entry) => queryKey(entry.input)))];
  const { rows } = await db.query<{ query_key: string; product_ids: string[] }>(
    'SELECT query_key, product_ids FROM evaluation_rankings WHERE run_id = $1 AND query_key = ANY($2::text[])',
    [runId, keys],
  );
  const ranked = new Map(rows.map((row) => [row.query_key, row.product_ids]));
  return new Map(
    entries.map((entry): [number, StoredOutcome] => [
      Number(entry.entry_id),
      { hits: (ranked.get(queryKey(entry.input)) ?? []).map((product_id) => ({ product_id })) },
    ]),
  );
}
