/**
 * A run's results tallied as they are stored: counts by status and, over the PASS and FAIL results,
 * each metric's sum. Kept on the run row so a poll (once a second per watching console) reads one
 * row instead of every result's JSON; the summary's means are sum / (passed + failed).
 */
import type { Queryable } from '../db/database';

export interface RunTally {
  passed: number;
  failed: number;
  unjudged: number;
  errors: number;
  metricSums: Record<string, number>;
}

interface TalliedResult {
  status?: string;
  results?: { metrics?: Record<string, unknown> };
}

export function tallyOf(results: readonly TalliedResult[]): RunTally {
  const tally: RunTally = { passed: 0, failed: 0, unjudged: 0, errors: 0, metricSums: {} };
  for (const { status, results: details } of results) {
    if (status === 'PASS') tally.passed++;
    else if (status === 'FAIL') tally.failed++;
    else if (status === 'UNJUDGED') tally.unjudged++;
    else if (status === 'ERROR') tally.errors++;
    if (status !== 'PASS' && status !== 'FAIL') continue;
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
       metric_sums = (
         SELECT coalesce(jsonb_object_agg(k.key, coalesce((metric_sums->>k.key)::float8, 0) + coalesce(($6::jsonb->>k.key)::float8, 0)), '{}'::jsonb)
         FROM (SELECT jsonb_object_keys(metric_sums) UNION SELECT jsonb_object_keys($6::jsonb)) AS k (key))
     WHERE id = $1`,
    [runId, tally.passed, tally.failed, tally.unjudged, tally.errors, JSON.stringify(tally.metricSums)],
  );
}

export interface RunSummary {
  results: number;
  passed: number;
  failed: number;
  unjudged: number;
  errors: number;
  mean_metrics: Record<string, number>;
}

/** The summary from a run row's tally columns (null when the run does not exist). */
export async function runSummary(db: Queryable, runId: number): Promise<RunSummary | null> {
  const { rows } = await db.query<Omit<RunTally, 'metricSums'> & { results: number; metric_sums: Record<string, number> }>(
    'SELECT progress_done AS results, passed, failed, unjudged, errors, metric_sums FROM experiment_runs WHERE id = $1',
    [runId],
  );
  if (rows.length === 0) return null;
  const { metric_sums, ...counts } = rows[0];
  const scored = counts.passed + counts.failed;
  const names = Object.keys(metric_sums).sort();
  return { ...counts, mean_metrics: scored === 0 ? {} : Object.fromEntries(names.map((name) => [name, metric_sums[name] / scored])) };
}
