/**
 * A comparison of two finished runs, computed once and kept: finished runs do not change, so paging,
 * filtering or choosing another metric of the same two runs reads the kept pairs and statistics. The
 * randomization tests are the costly part (sign-flips.ts); a few recent comparisons are kept in memory.
 */
import type { Queryable } from '../db/database';
import { startSignFlipWorkers } from '../evaluation/sign-flip-pool';
import type { ComparedRunRow } from './compared-runs';
import { metricComparisons, pairQueries, type PairedQueries } from './paired-queries';
import { runScores } from './run-scores';
import { pairOverlaps } from './pair-overlaps';
import { DEFAULT_RBO_P, type MetricComparison } from '../schemas/comparisons';

export interface RunComparisonData {
  paired: PairedQueries;
  metrics: MetricComparison[];
}

const KEPT = 3;

export type ComparisonCache = ReturnType<typeof createComparisonCache>;

/** The comparisons of the last KEPT pairs of runs asked for, most recent last. */
export function createComparisonCache(db: Queryable) {
  const kept = new Map<string, Promise<RunComparisonData>>();
  /** `overlap`: the caller will ask for the rankings' overlap too, so it is computed while the sign flips run. */
  return (
    baseline: ComparedRunRow,
    candidate: ComparedRunRow,
    metrics: string[],
    { overlap = false }: { overlap?: boolean } = {},
  ): Promise<RunComparisonData> => {
    const stamp = (run: ComparedRunRow) => `${run.id}@${new Date(run.updated_at).getTime()}`;
    const key = `${stamp(baseline)}:${stamp(candidate)}:${metrics.join(',')}`;
    const found = kept.get(key);
    if (found) {
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const computed = compareRuns(db, baseline.id, candidate.id, metrics, overlap ? Math.min(baseline.k, candidate.k) : undefined);
    kept.set(key, computed);
    // A failed computation is not kept: the next request tries again.
    computed.catch(() => kept.delete(key));
    while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return computed;
  };
}

/** With `overlapK`, the rankings' overlap at it and the default p is computed while the workers flip signs. */
async function compareRuns(
  db: Queryable,
  baselineId: number,
  candidateId: number,
  metrics: string[],
  overlapK?: number,
): Promise<RunComparisonData> {
  startSignFlipWorkers();
  const [baseline, candidate] = await Promise.all([runScores(db, baselineId, metrics), runScores(db, candidateId, metrics)]);
  const paired = pairQueries(metrics, baseline, candidate);
  const statistics = metricComparisons(paired);
  // Kept with the pairs; a failure here is met again, and answered, when the overlap is asked for.
  if (overlapK !== undefined) pairOverlaps(paired, overlapK, DEFAULT_RBO_P).catch(() => undefined);
  return { paired, metrics: await statistics };
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
