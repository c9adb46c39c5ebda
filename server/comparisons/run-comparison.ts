/**
 * A comparison of two finished runs, computed once and kept: finished runs do not change, so paging,
 * filtering or choosing another metric of the same two runs reads the kept pairs and statistics. The
 * randomization tests are the costly part (sign-flips.ts); a few recent comparisons are kept in memory.
 */
import type { Queryable } from '../db/database';
import { queryKey } from '../evaluation/query-key';
import type { MetricComparison } from '../schemas/comparisons';
import type { ComparedRunRow } from './compared-runs';
import { metricComparisons, pairQueries, type PairedQueries, type RunScores } from './paired-queries';

export interface RunComparisonData {
  paired: PairedQueries;
  metrics: MetricComparison[];
}

const KEPT = 3;

/** The comparisons of the last KEPT pairs of runs asked for, most recent last. */
export function createComparisonCache(db: Queryable) {
  const kept = new Map<string, Promise<RunComparisonData>>();
  return (baseline: ComparedRunRow, candidate: ComparedRunRow, metrics: string[]): Promise<RunComparisonData> => {
    const stamp = (run: ComparedRunRow) => `${run.id}@${new Date(run.updated_at).getTime()}`;
    const key = `${stamp(baseline)}:${stamp(candidate)}:${metrics.join(',')}`;
    const found = kept.get(key);
    if (found) {
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const computed = compareRuns(db, baseline.id, candidate.id, metrics);
    kept.set(key, computed);
    // A failed computation is not kept: the next request tries again.
    computed.catch(() => kept.delete(key));
    while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return computed;
  };
}

async function compareRuns(db: Queryable, baselineId: number, candidateId: number, metrics: string[]): Promise<RunComparisonData> {
  const [baseline, candidate] = await Promise.all([runScores(db, baselineId, metrics), runScores(db, candidateId, metrics)]);
  const paired = pairQueries(metrics, baseline, candidate);
  return { paired, metrics: metricComparisons(paired) };
}

/**
 * A run's counted results (scored, each query once), with the given metrics read from the generated
 * scores column. Results stored before query keys were kept get theirs from the input, as the worker
 * makes it; a result without one of the metrics is left out.
 */
export async function runScores(db: Queryable, runId: number, metrics: string[]): Promise<RunScores> {
  const columns = metrics.map((_, m) => `(scores->>$${m + 2})::float8 AS m${m}`).join(', ');
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT id, query_key, input, ${columns} FROM experiment_run_results WHERE run_id = $1 AND counted ORDER BY id`,
    [runId, ...metrics],
  );
  const scores: RunScores = { ids: [], keys: [], inputs: [], columns: [] };
  const values: number[][] = metrics.map(() => []);
  const seen = new Set<string>();
  for (const row of rows) {
    const input = typeof row.input === 'string' ? row.input : '';
    const key = typeof row.query_key === 'string' ? row.query_key : queryKey(input);
    const metricValues = metrics.map((_, m) => row[`m${m}`]);
    if (seen.has(key) || metricValues.some((value) => typeof value !== 'number')) continue;
    seen.add(key);
    scores.ids.push(Number(row.id));
    scores.keys.push(key);
    scores.inputs.push(input);
    metricValues.forEach((value, m) => values[m].push(value as number));
  }
  scores.columns = values.map((column) => Float64Array.from(column));
  return scores;
}
