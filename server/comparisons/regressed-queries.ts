/**
 * The queries a run lost against another: paired by key, the run's score of the comparison's main metric below the
 * other run's (as the compare page's 'regressions' filter counts them). The comparison is the compare page's
 * own, kept (run-comparison.ts): judging a page of regressions after opening the comparison computes nothing again.
 */
import type { Queryable } from '../db/database';
import { comparedRuns } from './compared-runs';
import { matchingRows } from './comparison-rows';
import type { ComparisonCache } from './run-comparison';

/** The keys of the queries whose score dropped from run `baselineId` to run `runId`. */
export async function regressedQueries(db: Queryable, comparisonOf: ComparisonCache, baselineId: number, runId: number): Promise<string[]> {
  const { baseline, candidate, metrics } = await comparedRuns(db, baselineId, runId);
  const { paired } = await comparisonOf(baseline, candidate, metrics);
  const rows = matchingRows(paired, { metric: 0, filter: 'regressions', order: 'asc' });
  return Array.from(rows, (pair) => paired.baseline.keys[paired.pairs.baseline[pair]]);
}
