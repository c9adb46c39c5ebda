/**
 * A rescore's "search": the rankings the first run stored, entry by entry, so a run is scored
 * again against the golden set as it is now without asking the search target again. An entry whose search
 * failed fails again with the same message.
 */
import type { Queryable } from '../db/database';
import { imageUrlProblem } from '../search/image-url';
import type { SearchHit } from '../search/search-target';

export type StoredOutcome = { hits: SearchHit[] } | { error: string };

/** A run stored before image URLs were checked may hold one the console may not show: it is not copied. */
const showableImage = (imageUrl: unknown) =>
  typeof imageUrl !== 'string' || imageUrlProblem(imageUrl) !== undefined ? {} : { image_url: imageUrl };

export async function storedOutcomes(
  db: Queryable,
  sourceRunId: number,
  entries: ReadonlyArray<{ entry_id: number }>,
): Promise<Map<number, StoredOutcome>> {
  const ids = entries.map((entry) => Number(entry.entry_id));
  const { rows } = await db.query<{ entry_id: number; status: string | null; test_result: string | null; hits: SearchHit[] | null }>(
    `SELECT entry_id, status, result->>'test_result' AS test_result,
       CASE WHEN jsonb_typeof(result->'results'->'search_results') = 'array' THEN result->'results'->'search_results' END AS hits
     FROM experiment_run_results WHERE run_id = $1 AND entry_id = ANY($2::bigint[])`,
    [sourceRunId, ids],
  );
  const found = new Map(rows.map((row) => [Number(row.entry_id), row]));
  return new Map(
    ids.map((id): [number, StoredOutcome] => {
      const row = found.get(id);
      if (!row) return [id, { error: `Run ${sourceRunId} has no result for this entry to rescore` }];
      if (row.status === 'ERROR' || row.hits === null)
        return [id, { error: row.test_result ?? 'The first run could not search this entry' }];
      return [id, { hits: row.hits.map(({ product_id, name, image_url }) => ({ product_id, name, ...showableImage(image_url) })) }];
    }),
  );
}
