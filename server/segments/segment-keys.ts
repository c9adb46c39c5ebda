/** The metadata keys a run's segments can be taken by: those of the entries its results came from. */
import type { Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import { MAX_SEGMENT_VALUES } from '../schemas/segments';

interface KeyRow {
  key: string;
  values: number;
  results: number;
}

/** Every key with its number of values and of results; 404 when there is no such run. */
export async function segmentKeys(db: Queryable, runId: number) {
  await requireRow(db, 'experiment_runs', runId);
  const { rows } = await db.query<KeyRow>(
    `SELECT k.key, count(DISTINCT e.input_metadata->>k.key)::int AS values, count(*)::int AS results
     FROM experiment_run_results r JOIN dataset_entries e ON e.id = r.entry_id
       CROSS JOIN LATERAL jsonb_object_keys(e.input_metadata) AS k (key)
     WHERE r.run_id = $1 AND jsonb_typeof(e.input_metadata) = 'object' AND e.input_metadata->>k.key IS NOT NULL
     GROUP BY k.key ORDER BY k.key`,
    [runId],
  );
  return { keys: rows.map((row) => ({ ...row, groupable: row.values <= MAX_SEGMENT_VALUES })) };
}
