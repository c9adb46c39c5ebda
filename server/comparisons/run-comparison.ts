/**
 * A comparison of two finished runs, computed once and kept: finished runs do not change, so paging,
 * filtering or choosing another metric of the same two runs reads the kept pairs and statistics. The
 * randomization tests are the costly part (sign-flips.ts); a few recent comparisons are kept in memory.
 */
import type { Queryable } from '../db/database';
import { startSignFlipWorkers } from '../evaluation/sign-flip-pool';
import type { MetricComparison } from '../schemas/comparisons';
import type { ComparedRunRow } from './compared-runs';
import { metricComparisons, pairQueries, type PairedQueries } from './paired-queries';
import { runScores } from './run-scores';

export interface RunComparisonData {
  paired: PairedQueries;
  metrics: MetricComparison[];
}

const KEPT = 3;

export type ComparisonCache = ReturnType<typeof createComparisonCache>;

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
  startSignFlipWorkers();
  const [baseline, candidate] = await Promise.all([runScores(db, baselineId, metrics), runScores(db, candidateId, metrics)]);
  const paired = pairQueries(metrics, baseline, candidate);
  return { paired, metrics: await metricComparisons(paired) };
}

/** The query text of results, by id: only the rows a page or a download shows are read. */
export async function queryTexts(db: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; input: string | null }>(
    'SELECT id, input FROM experiment_run_results WHERE id = ANY($1::bigint[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.input ?? '']));
}
