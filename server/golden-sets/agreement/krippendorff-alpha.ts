/**
 * Krippendorff's α over grades 0..k − 1 with missing data, as "Computing Krippendorff's Alpha-Reliability"
 * (Krippendorff 2011) computes it: a coincidence matrix o_ck from the pairable values (units that hold at least
 * two values; each ordered pair of values from two different raters in a unit of m values adds 1 / (m − 1)),
 * then α = 1 − (n.. − 1) Σ o_ck δ²_ck / Σ n_c. n_.k δ²_ck, with the metric's difference δ².
 */
import type { GradePatterns } from './grade-patterns';

export type AlphaMetric = 'nominal' | 'ordinal' | 'interval';

/**
 * The coincidence matrix (k × k, row-major) of the graded pairs, each pattern counting for its pairs. Counts are
 * kept whole per unit size m and divided by m − 1 once at the end, so that 200,000 units add no rounding.
 * O(patterns × raters per pair²).
 */
export function coincidenceMatrix(patterns: GradePatterns, categories: number): Float64Array {
  const { start, grade, count } = patterns;
  const bySize: Float64Array[] = [];
  for (let p = 0; p + 1 < start.length; p++) {
    const from = start[p];
    const to = start[p + 1];
    const m = to - from;
    if (m < 2) continue;
    const counts = (bySize[m] ??= new Float64Array(categories * categories));
    for (let i = from; i < to; i++) {
      for (let j = from; j < to; j++) if (i !== j) counts[grade[i] * categories + grade[j]] += count[p];
    }
  }
  const coincidences = new Float64Array(categories * categories);
  bySize.forEach((counts, m) => counts.forEach((count, cell) => (coincidences[cell] += count / (m - 1))));
  return coincidences;
}

/** n.., the number of pairable values: the sum of the coincidence matrix. */
export function pairableValues(coincidences: Float64Array): number {
  return Math.round(coincidences.reduce((sum, o) => sum + o, 0));
}

/** α for the metric; null when undefined (fewer than two pairable values, or all of them one same grade). */
export function krippendorffAlpha(coincidences: Float64Array, categories: number, metric: AlphaMetric): number | null {
  const totals = new Float64Array(categories);
  for (let c = 0; c < categories; c++) for (let k = 0; k < categories; k++) totals[c] += coincidences[c * categories + k];
  const n = totals.reduce((sum, t) => sum + t, 0);
  const delta = difference(metric, totals);
  let [observed, expected] = [0, 0];
  for (let c = 0; c < categories; c++) {
    for (let k = 0; k < categories; k++) {
      const d = delta(c, k);
      observed += coincidences[c * categories + k] * d;
      expected += totals[c] * totals[k] * d;
    }
  }
  if (n < 2 || expected === 0) return null;
  return 1 - ((n - 1) * observed) / expected;
}

/** δ²_ck. The ordinal one measures the distance between two grades by how many values lie between them. */
function difference(metric: AlphaMetric, totals: Float64Array): (c: number, k: number) => number {
  if (metric === 'nominal') return (c, k) => (c === k ? 0 : 1);
  if (metric === 'interval') return (c, k) => (c - k) ** 2;
  const below = new Float64Array(totals.length + 1);
  totals.forEach((t, g) => (below[g + 1] = below[g] + t));
  return (c, k) => {
    const [low, high] = c < k ? [c, k] : [k, c];
    return (below[high + 1] - below[low] - (totals[low] + totals[high]) / 2) ** 2;
  };
}
