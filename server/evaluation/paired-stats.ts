/**
 * Whether a difference between two runs is more than noise: over the per-query differences of
 * one metric (candidate − baseline, queries paired by key), the mean difference with its 95% confidence
 * interval, a two-sided paired t-test, a two-sided paired randomization test (sign flips), and wins / ties /
 * losses. Pure. The Student t distribution comes from the regularized incomplete beta function
 * (Numerical Recipes' continued fraction), good to ~1e-10, far finer than the 4 decimals shown.
 */
import { signFlipPValues, signFlipPValuesInWorkers, TIE_EPSILON } from './sign-flips';

export { EXACT_LIMIT, TIE_EPSILON } from './sign-flips';

export interface PairedComparison {
  n: number;
  meanDelta: number;
  /** Null below two pairs, or when every difference is the same (no spread to test against). */
  ci95: [number, number] | null;
  pValueT: number | null;
  pValueRandomization: number | null;
  wins: number;
  ties: number;
  losses: number;
}

export function comparePaired(deltas: ArrayLike<number>): PairedComparison {
  return withRandomization([deltas], signFlipPValues([deltas]))[0];
}

/** The comparison of each metric's differences, the randomization tests run in worker threads (sign-flips.ts). */
export async function comparePairedMetrics(metrics: ReadonlyArray<ArrayLike<number>>): Promise<PairedComparison[]> {
  return withRandomization(metrics, await signFlipPValuesInWorkers(metrics));
}

function withRandomization(metrics: ReadonlyArray<ArrayLike<number>>, pValues: number[]): PairedComparison[] {
  return metrics.map((deltas, i) => ({ ...describePaired(deltas), pValueRandomization: deltas.length === 0 ? null : pValues[i] }));
}

function describePaired(deltas: ArrayLike<number>): Omit<PairedComparison, 'pValueRandomization'> {
  const n = deltas.length;
  let [wins, losses, total] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const d = deltas[i];
    total += d;
    if (d > TIE_EPSILON) wins++;
    else if (d < -TIE_EPSILON) losses++;
  }
  const base = { n, wins, losses, ties: n - wins - losses };
  if (n === 0) return { ...base, meanDelta: 0, ci95: null, pValueT: null };
  const mean = total / n;
  return { ...base, meanDelta: mean, ...pairedT(deltas, mean) };
}

function pairedT(deltas: ArrayLike<number>, mean: number): Pick<PairedComparison, 'ci95' | 'pValueT'> {
  const n = deltas.length;
  if (n < 2) return { ci95: null, pValueT: null };
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (deltas[i] - mean) ** 2;
  const se = Math.sqrt(squares / (n - 1) / n);
  if (!(se > 0)) return { ci95: null, pValueT: Math.abs(mean) > TIE_EPSILON ? 0 : 1 };
  const df = n - 1;
  const margin = studentTQuantile(0.975, df) * se;
  return { ci95: [mean - margin, mean + margin], pValueT: twoSidedTP(mean / se, df) };
}

/** Two-sided p of Student's t with df degrees of freedom: I_{df/(df+t²)}(df/2, 1/2). */
export function twoSidedTP(t: number, df: number): number {
  return regularizedBeta(df / (df + t * t), df / 2, 0.5);
}

/** The t with P(T ≤ t) = probability (above 0.5), by bisection on the two-sided p. */
export function studentTQuantile(probability: number, df: number): number {
  const target = 2 * (1 - probability);
  let [low, high] = [0, 1e6];
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (twoSidedTP(mid, df) > target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The sign-flip test of one metric's differences (sign-flips.ts tests several at once). */
export function randomizationP(deltas: readonly number[]): number {
  return signFlipPValues([deltas])[0];
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0];
  for (let i = 1; i < 9; i++) sum += c[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The regularized incomplete beta I_x(a, b). */
function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** Lentz's continued fraction for the incomplete beta function. */
function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 / (Math.abs(1 + aa * d) < tiny ? tiny : 1 + aa * d);
    c = Math.abs(1 + aa / c) < tiny ? tiny : 1 + aa / c;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 / (Math.abs(1 + aa * d) < tiny ? tiny : 1 + aa * d);
    c = Math.abs(1 + aa / c) < tiny ? tiny : 1 + aa / c;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return h;
}
