/**
 * A comparison's delta per segment: for each value of a metadata key, the comparison of the pairs in it
 * (segment-pairs.ts), the chosen metric's mean delta with the comparison's two tests, and those p-values
 * Holm-corrected across the segments answered, so that testing many segments does not find a change by
 * chance. Worst delta first.
 */
import type { Queryable } from '../db/database';
import { HttpError } from '../errors';
import { holmAdjusted } from '../evaluation/holm';
import type { RunComparisonData } from './run-comparison';
import { FEW_QUERIES, MAX_SEGMENT_VALUES, type SegmentDelta } from '../schemas/segments';
import { comparisonBySegment } from './segment-pairs';

/** Significant when the Holm-adjusted randomization p is below this. */
const ALPHA = 0.05;

export async function segmentDeltas(
  db: Queryable,
  whole: RunComparisonData,
  runs: { baseline: number; candidate: number },
  key: string,
  metric: string,
): Promise<{ key: string; few_queries: number; segments: SegmentDelta[] }> {
  const bySegment = await comparisonBySegment(db, whole, runs, key);
  if (bySegment.size === 0) throw new HttpError(400, `querystring.key: no paired query's entry has the metadata key "${key}"`);
  if (bySegment.size > MAX_SEGMENT_VALUES) {
    throw new HttpError(
      400,
      `querystring.key "${key}" takes ${bySegment.size} values, more than ${MAX_SEGMENT_VALUES}: choose a key that groups queries`,
    );
  }
  const m = whole.paired.metrics.indexOf(metric);
  const rows = [...bySegment].map(([value, { paired, metrics }]) => ({
    value,
    paired: paired.pairs.baseline.length,
    only_baseline: paired.onlyBaseline.length,
    only_candidate: paired.onlyCandidate.length,
    ...metrics[m],
  }));
  const holmT = holmAdjusted(rows.map((row) => row.p_value_t));
  const holmRandomization = holmAdjusted(rows.map((row) => row.p_value_randomization));
  const segments = rows.map(({ value, paired, only_baseline, only_candidate, ...stats }, i) => ({
    value,
    paired,
    only_baseline,
    only_candidate,
    baseline_mean: stats.baseline_mean,
    candidate_mean: stats.candidate_mean,
    delta: stats.delta,
    ci95: stats.ci95,
    p_value_t: stats.p_value_t,
    p_value_randomization: stats.p_value_randomization,
    holm_p_value_t: holmT[i],
    holm_p_value_randomization: holmRandomization[i],
    significant: holmRandomization[i] !== null && holmRandomization[i]! < ALPHA,
    few: paired < FEW_QUERIES,
  }));
  return { key, few_queries: FEW_QUERIES, segments: segments.sort((a, b) => a.delta - b.delta || (a.value < b.value ? -1 : 1)) };
}
