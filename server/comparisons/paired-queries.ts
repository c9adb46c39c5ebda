/**
 * Two runs' scored queries paired by query key, and each metric's statistics over the pairs. Pure: the
 * loading is in run-scores.ts. Columns rather than an object per query: two runs of 100,000 queries stay
 * a few typed arrays.
 */
import { comparePairedMetrics, TIE_EPSILON } from '../evaluation/paired-stats';
import type { MetricComparison } from '../schemas/comparisons';

/**
 * One run's results, each query once: the query key of each, its result id and its ranking; the first `scored` are
 * the counted results with every metric, and have one column per metric.
 */
export interface RunScores {
  ids: number[];
  keys: string[];
  /** columns[m][i]: metric m of result i, for i < scored. */
  columns: Float64Array[];
  scored: number;
  /** Result i's top k product ids, as numbers (hashes): ids() from starts[i], lengths[i] of them; read when first asked. */
  rankings: { ids: () => Promise<Float64Array>; starts: Int32Array; lengths: Int32Array };
}

export interface PairedQueries {
  metrics: string[];
  baseline: RunScores;
  candidate: RunScores;
  /** Index into baseline and candidate of each pair. */
  pairs: { baseline: Int32Array; candidate: Int32Array };
  onlyBaseline: Int32Array;
  onlyCandidate: Int32Array;
  /** deltas[m][k]: candidate − baseline of metric m in pair k. */
  deltas: Float64Array[];
  /** Index into baseline and candidate of every query both runs ranked, scored or not: what the overlap measures pair. */
  ranked: { baseline: Int32Array; candidate: Int32Array };
}

export function pairQueries(metrics: string[], baseline: RunScores, candidate: RunScores): PairedQueries {
  const inCandidate = new Map<string, number>();
  for (let j = 0; j < candidate.keys.length; j++) inCandidate.set(candidate.keys[j], j);
  // Typed arrays filled in plain loops: two runs of 100,000 queries pair in a third of the time that growing arrays
  // and a Set of the paired take.
  const size = baseline.keys.length;
  const [pairedBaseline, pairedCandidate, onlyBaseline, rankedBaseline, rankedCandidate] = [0, 0, 0, 0, 0].map(() => new Int32Array(size));
  const isPaired = new Uint8Array(candidate.keys.length);
  let [pairs, onlyBaselineCount, ranked] = [0, 0, 0];
  for (let i = 0; i < size; i++) {
    const j = inCandidate.get(baseline.keys[i]);
    if (j !== undefined) {
      rankedBaseline[ranked] = i;
      rankedCandidate[ranked++] = j;
    }
    if (i >= baseline.scored) continue;
    if (j === undefined || j >= candidate.scored) onlyBaseline[onlyBaselineCount++] = i;
    else {
      pairedBaseline[pairs] = i;
      pairedCandidate[pairs++] = j;
      isPaired[j] = 1;
    }
  }
  const onlyCandidate: number[] = [];
  for (let j = 0; j < candidate.scored; j++) if (!isPaired[j]) onlyCandidate.push(j);
  const deltas = metrics.map((_, m) => {
    const [after, before] = [candidate.columns[m], baseline.columns[m]];
    const delta = new Float64Array(pairs);
    for (let k = 0; k < pairs; k++) delta[k] = after[pairedCandidate[k]] - before[pairedBaseline[k]];
    return delta;
  });
  return {
    metrics,
    baseline,
    candidate,
    pairs: { baseline: pairedBaseline.slice(0, pairs), candidate: pairedCandidate.slice(0, pairs) },
    onlyBaseline: onlyBaseline.slice(0, onlyBaselineCount),
    onlyCandidate: Int32Array.from(onlyCandidate),
    deltas,
    ranked: { baseline: rankedBaseline.slice(0, ranked), candidate: rankedCandidate.slice(0, ranked) },
  };
}

/** Each metric's means over the pairs, the mean difference's interval and p-values, wins / ties / losses. */
export async function metricComparisons(paired: PairedQueries): Promise<MetricComparison[]> {
  const stats = await comparePairedMetrics(paired.deltas);
  return paired.metrics.map((name, m) => {
    const baselineMean = meanOver(paired.baseline.columns[m], paired.pairs.baseline);
    const candidateMean = meanOver(paired.candidate.columns[m], paired.pairs.candidate);
    const { meanDelta, ci95, pValueT, pValueRandomization, wins, ties, losses } = stats[m];
    return {
      name,
      baseline_mean: baselineMean,
      candidate_mean: candidateMean,
      delta: meanDelta,
      relative_delta: baselineMean === 0 ? null : meanDelta / baselineMean,
      ci95,
      p_value_t: pValueT,
      p_value_randomization: pValueRandomization,
      wins,
      ties,
      losses,
    };
  });
}

function meanOver(column: Float64Array, indexes: Int32Array): number {
  if (indexes.length === 0) return 0;
  let sum = 0;
  for (const i of indexes) sum += column[i];
  return sum / indexes.length;
}

const BIN_WIDTH = 0.05;
const BINS = 40;

/** A metric's non-zero deltas in 40 bins of 0.05 over [-1, 1] (the last bin holds 1), and how many are 0. */
export function deltaHistogram(deltas: Float64Array): { bins: Array<{ from: number; to: number; count: number }>; unchanged: number } {
  const counts = new Array<number>(BINS).fill(0);
  let unchanged = 0;
  for (const d of deltas) {
    if (Math.abs(d) <= TIE_EPSILON) unchanged++;
    else counts[Math.min(BINS - 1, Math.max(0, Math.floor((d + 1) / BIN_WIDTH + 1e-9)))]++;
  }
  // Bounds from integers, so they print as -0.95, not -0.9500000000000001.
  const bound = (i: number) => Math.round((i * BIN_WIDTH - 1) * 100) / 100;
  return { bins: counts.map((count, i) => ({ from: bound(i), to: bound(i + 1), count })), unchanged };
}
