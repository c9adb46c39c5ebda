/**
 * A run's results tallied as they are stored: counts by status and, over the results that count in the
 * means (scored, once per query key: process-run.ts), their number and each metric's sum. Kept on the run
 * row so a poll (once a second per watching console) reads one row instead of every result's JSON; the
 * summary's means are sum / counted, the same queries the run's qrels export holds (run-exports.ts).
 */
import type { Queryable } from '../db/database';

export interface RunTally {
  passed: number;
  failed: number;
  unjudged: number;
  errors: number;
  counted: number;
  metricSums: Record<string, number>;
}

interface TalliedResult {
  result: { status?: string; results?: { metrics?: Record<string, unknown> } };
  counted?: boolean;
}

export function tallyOf(results: readonly TalliedResult[]): RunTally {
  const tally: RunTally = { passed: 0, failed: 0, unjudged: 0, errors: 0, counted: 0, metricSums: {} };
  for (const { result, counted } of results) {
    const { status, results: details } = result;
    if (status === 'PASS') tally.passed++;
    else if (status === 'FAIL') tally.failed++;
    else if (status === 'UNJUDGED') tally.unjudged++;
    else if (status === 'ERROR') tally.errors++;
    if (!counted) continue;
    tally.counted++;
    for (const [name, value] of Object.entries(details?.metrics ?? {})) {
      if (typeof value === 'number' && Number.isFinite(value)) tally.metricSums[name] = (tally.metricSums[name] ?? 0) + value;
    }
  }
  return tally;
}

/** Adds a tally to a run's (inside the transaction that stored those results). */
export async function addTally(tx: Queryable, runId: number, tally: RunTally): Promise<void> {
  await tx.query(
    `UPDATE experiment_runs SET passed = passed + $2, failed = failed + $3, unjudged = unjudged + $4, errors = errors + $5,
       counted = counted + $7,
       metric_sums = (
         SELECT coalesce(jsonb_object_agg(k.key, coalesce((metric_sums->>k.key)::float8, 0) + coalesce(($6::jsonb->>k.key)::float8, 0)), '{}'::jsonb)
         FROM (SELECT jsonb_object_keys(metric_sums) UNION SELECT jsonb_object_keys($6::jsonb)) AS k (key))
     WHERE id = $1`,
    [runId, tally.passed, tally.failed, tally.unjudged, tally.errors, JSON.stringify(tally.metricSums), tally.counted],
  );
}

export interface RunSummary {
  results: number;
  passed: number;
  failed: number;
  unjudged: number;
  errors: number;
  /** The queries the means are taken over. */
  counted: number;
  /** Scored results not in the means: an earlier entry with the same query counts for them. */
  repeated: number;
  mean_metrics: Record<string, number>;
}

/** The tally columns a summary is made of, as SQL (runs are listed with them). */
export const TALLY_COLUMNS = 'progress_done AS results, passed, failed, unjudged, errors, counted, metric_sums';

export interface TallyColumns {
  results: number;
  passed: number;
  failed: number;
  unjudged: number;
  errors: number;
  counted: number;
  metric_sums: Record<string, number>;
}

export function summaryOf({ metric_sums, ...counts }: TallyColumns): RunSummary {
  const names = Object.keys(metric_sums).sort();
  const means = counts.counted === 0 ? {} : Object.fromEntries(names.map((name) => [name, metric_sums[name] / counts.counted]));
  return { ...counts, repeated: counts.passed + counts.failed - counts.counted, mean_metrics: means };
}

/** The summary from a run row's tally columns (null when the run does not exist). */
export async function runSummary(db: Queryable, runId: number): Promise<RunSummary | null> {
  const { rows } = await db.query<TallyColumns>(`SELECT ${TALLY_COLUMNS} FROM experiment_runs WHERE id = $1`, [runId]);
  return rows.length === 0 ? null : summaryOf(rows[0]);
}

/**
 * Marks the results that count in the means: scored, and the first of their query key in the run. Called
 * with the run row locked, so the keys already counted cannot change meanwhile.
 */
export async function markCounted<R extends { query_key: string; result: { status?: string } }>(
  tx: Queryable,
  runId: number,
  results: R[],
): Promise<Array<R & { counted: boolean }>> {
  const scored = results.filter((r) => r.result.status === 'PASS' || r.result.status === 'FAIL');
  const { rows } = await tx.query<{ query_key: string }>(
    'SELECT query_key FROM experiment_run_results WHERE run_id = $1 AND counted AND query_key = ANY($2::text[])',
    [runId, [...new Set(scored.map((r) => r.query_key))]],
  );
  const countedKeys = new Set(rows.map((r) => r.query_key));
  return results.map((r) => {
    const counted = (r.result.status === 'PASS' || r.result.status === 'FAIL') && !countedKeys.has(r.query_key);
    if (counted) countedKeys.add(r.query_key);
    return { ...r, counted };
  });
}
