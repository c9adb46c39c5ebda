/**
 * How alike the two rankings of every query both runs ranked are, judged or not (ranking-overlap.ts), and their
 * summary. Pure. Computed once per comparison, k and p, and kept with the comparison: paging, filtering or sorting by
 * a measure reads the kept values.
 */
import type { OverlapMeasure, OverlapSummary } from '../schemas/comparisons';
import type { PairedQueries } from './paired-queries';
import { numericRankingOverlap } from './ranking-overlap';

const OVERLAP_MEASURES: readonly OverlapMeasure[] = ['overlap', 'jaccard', 'rbo_min', 'rbo_ext'];

export interface PairOverlaps {
  k: number;
  p: number;
  /** values[measure][i]: the measure of baseline result i's pair, NaN when the candidate did not rank its query. */
  values: Record<OverlapMeasure, Float64Array>;
}

const kept = new WeakMap<PairedQueries, Map<string, Promise<PairOverlaps>>>();

/** The measures at k with persistence p of every ranked pair, by the baseline result's index. */
export function pairOverlaps(paired: PairedQueries, k: number, p: number): Promise<PairOverlaps> {
  const cache = kept.get(paired) ?? new Map<string, Promise<PairOverlaps>>();
  kept.set(paired, cache);
  const name = `${k}:${p}`;
  const found = cache.get(name);
  if (found) return found;
  const computed = computeOverlaps(paired, k, p);
  cache.set(name, computed);
  computed.catch(() => cache.delete(name));
  return computed;
}

async function computeOverlaps(paired: PairedQueries, k: number, p: number): Promise<PairOverlaps> {
  const [aIds, bIds] = await Promise.all([paired.baseline.rankings.ids(), paired.candidate.rankings.ids()]);
  const size = paired.baseline.ids.length;
  const values = Object.fromEntries(
    OVERLAP_MEASURES.map((measure) => [measure, new Float64Array(size).fill(NaN)]),
  ) as PairOverlaps['values'];
  const { baseline, candidate, ranked } = paired;
  for (let r = 0; r < ranked.baseline.length; r++) {
    const i = ranked.baseline[r];
    const j = ranked.candidate[r];
    const [a, b] = [baseline.rankings, candidate.rankings];
    const measures = numericRankingOverlap(aIds, a.starts[i], a.lengths[i], bIds, b.starts[j], b.lengths[j], k, p);
    values.overlap[i] = measures.overlap;
    values.jaccard[i] = measures.jaccard;
    values.rbo_min[i] = measures.rbo_min;
    values.rbo_ext[i] = measures.rbo_ext;
  }
  return { k, p, values };
}

const BINS = 10;

const summaries = new WeakMap<PairOverlaps, OverlapSummary>();

/**
 * The measures' means over the ranked pairs, how many of those lack a delta, and RBO_ext's spread in 10 bins; once per
 * overlaps (each is of one comparison's pairs), not once per page.
 */
export function overlapSummary(paired: PairedQueries, overlaps: PairOverlaps): OverlapSummary {
  const found = summaries.get(overlaps);
  if (found) return found;
  const summary = summarize(paired, overlaps);
  summaries.set(overlaps, summary);
  return summary;
}

function summarize(paired: PairedQueries, { k, p, values }: PairOverlaps): OverlapSummary {
  const { baseline, candidate, ranked } = paired;
  const pairs = ranked.baseline.length;
  const sums = OVERLAP_MEASURES.map(() => 0);
  const counts = new Array<number>(BINS).fill(0);
  let unjudged = 0;
  for (let r = 0; r < pairs; r++) {
    const i = ranked.baseline[r];
    OVERLAP_MEASURES.forEach((measure, m) => (sums[m] += values[measure][i]));
    counts[Math.min(BINS - 1, Math.floor(values.rbo_ext[i] * BINS + 1e-9))]++;
    if (i >= baseline.scored || ranked.candidate[r] >= candidate.scored) unjudged++;
  }
  const means = Object.fromEntries(OVERLAP_MEASURES.map((measure, m) => [measure, pairs === 0 ? null : sums[m] / pairs]));
  return {
    k,
    p,
    pairs,
    unjudged,
    means: means as OverlapSummary['means'],
    rbo_ext_bins: counts.map((count, b) => ({ from: b / BINS, to: (b + 1) / BINS, count })),
  };
}
