/**
 * Whether a difference between two runs is more than noise (issue 15): over the per-query differences of
 * one metric (candidate − baseline, queries paired by key), the mean difference with its 95% confidence
 * interval, a two-sided paired t-test, a two-sided paired randomization test (sign flips), and wins / ties /
 * losses. Pure. The Student t distribution comes from the regularized incomplete beta function
 * (Numerical Recipes' continued fraction), good to ~1e-10, far finer than the 4 decimals shown.
 */
import { seededRandom } from '../demo/random';

/** Differences this close to 0 are ties: metrics summed in another order differ in their last bits. */
export const TIE_EPSILON = 1e-12;
/** Up to this many non-zero differences the randomization test enumerates every sign flip (2^n). */
export const EXACT_LIMIT = 16;
export const PERMUTATIONS = 10_000;
const SEED = 20_261_124;

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

export function comparePaired(deltas: readonly number[]): PairedComparison {
  const n = deltas.length;
  const wins = deltas.filter((d) => d > TIE_EPSILON).length;
  const losses = deltas.filter((d) => d < -TIE_EPSILON).length;
  const base = { n, wins, losses, ties: n - wins - losses };
  if (n === 0) return { ...base, meanDelta: 0, ci95: null, pValueT: null, pValueRandomization: null };
  const mean = deltas.reduce((sum, d) => sum + d, 0) / n;
  const t = pairedT(deltas, mean);
  return { ...base, meanDelta: mean, ...t, pValueRandomization: randomizationP(deltas) };
}

function pairedT(deltas: readonly number[], mean: number): Pick<PairedComparison, 'ci95' | 'pValueT'> {
  const n = deltas.length;
  if (n < 2) return { ci95: null, pValueT: null };
  const variance = deltas.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (n - 1);
  const se = Math.sqrt(variance / n);
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

/**
 * Two-sided sign-flip test: the share of sign assignments whose mean is at least as far from 0 as the
 * observed one. Exact over all 2^n flips of the non-zero differences up to EXACT_LIMIT of them; else
 * PERMUTATIONS random flips from a fixed seed, (hits + 1) / (PERMUTATIONS + 1), the same answer every time.
 */
export function randomizationP(deltas: readonly number[]): number {
  const nonZero = deltas.filter((d) => Math.abs(d) > TIE_EPSILON);
  if (nonZero.length === 0) return 1;
  const observed = Math.abs(nonZero.reduce((sum, d) => sum + d, 0));
  // A relative margin, so a flip summing to the observed total in another order still counts.
  const atLeast = (sum: number) => Math.abs(sum) >= observed - 1e-9 * Math.max(1, observed);
  if (nonZero.length <= EXACT_LIMIT) {
    let hits = 0;
    const total = 2 ** nonZero.length;
    for (let mask = 0; mask < total; mask++) {
      let sum = 0;
      for (let i = 0; i < nonZero.length; i++) sum += mask & (1 << i) ? -nonZero[i] : nonZero[i];
      if (atLeast(sum)) hits++;
    }
    return hits / total;
  }
  const random = seededRandom(SEED);
  let hits = 0;
  for (let p = 0; p < PERMUTATIONS; p++) {
    let sum = 0;
    for (const d of nonZero) sum += random.next() < 0.5 ? -d : d;
    if (atLeast(sum)) hits++;
  }
  return (hits + 1) / (PERMUTATIONS + 1);
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
export function regularizedBeta(x: number, a: number, b: number): number {
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
