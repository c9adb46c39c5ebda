/**
 * The two-sided paired randomization test (sign flips) for several metrics at once: the share of sign
 * assignments of the non-zero differences whose sum is at least as far from 0 as the observed one. Exact
 * over all 2^n assignments up to EXACT_LIMIT differences; else PERMUTATIONS random assignments from a
 * fixed seed, (hits + 1) / (PERMUTATIONS + 1), the same answer every time. The sampled sums come from
 * sign-flip-sums.mjs, here or in worker threads (sign-flip-pool.ts).
 */
import { PERMUTATIONS, sampledSums } from './sign-flip-sums.mjs';
import { sampledSumsInWorkers } from './sign-flip-pool';

export { PERMUTATIONS };
/** Differences this close to 0 are ties: metrics summed in another order differ in their last bits. */
export const TIE_EPSILON = 1e-12;
/** Up to this many non-zero differences the test enumerates every sign assignment (2^n). */
export const EXACT_LIMIT = 16;

/** The p-value of each metric's differences; 1 when none of them differs from 0. */
export function signFlipPValues(metrics: ReadonlyArray<ArrayLike<number>>): number[] {
  const { nonZero, sampled } = prepare(metrics);
  return pValues(nonZero, sampled, sampledSums(sampled.map((i) => nonZero[i])));
}

/** The same answers, the sampling done in worker threads: the event loop stays free meanwhile. */
export async function signFlipPValuesInWorkers(metrics: ReadonlyArray<ArrayLike<number>>): Promise<number[]> {
  const { nonZero, sampled } = prepare(metrics);
  return pValues(nonZero, sampled, await sampledSumsInWorkers(sampled.map((i) => nonZero[i])));
}

function prepare(metrics: ReadonlyArray<ArrayLike<number>>) {
  const nonZero = metrics.map(nonZeroOf);
  return { nonZero, sampled: nonZero.map((_, i) => i).filter((i) => nonZero[i].length > EXACT_LIMIT) };
}

function pValues(nonZero: Float64Array[], sampled: number[], sums: Float64Array[]): number[] {
  return nonZero.map((d, i) => {
    if (d.length === 0) return 1;
    const reaches = atLeast(d);
    if (d.length <= EXACT_LIMIT) return exactP(d, reaches);
    let hits = 0;
    for (const sum of sums[sampled.indexOf(i)]) if (reaches(sum)) hits++;
    return (hits + 1) / (PERMUTATIONS + 1);
  });
}

function nonZeroOf(deltas: ArrayLike<number>): Float64Array {
  const kept: number[] = [];
  for (let i = 0; i < deltas.length; i++) if (Math.abs(deltas[i]) > TIE_EPSILON) kept.push(deltas[i]);
  return Float64Array.from(kept);
}

/** Whether a sum is as far from 0 as the observed one, with a relative margin for summing in another order. */
function atLeast(deltas: Float64Array): (sum: number) => boolean {
  let total = 0;
  for (const d of deltas) total += d;
  const observed = Math.abs(total);
  const threshold = observed - 1e-9 * Math.max(1, observed);
  return (sum) => Math.abs(sum) >= threshold;
}

function exactP(deltas: Float64Array, reaches: (sum: number) => boolean): number {
  const total = 2 ** deltas.length;
  let hits = 0;
  for (let mask = 0; mask < total; mask++) {
    let sum = 0;
    for (let i = 0; i < deltas.length; i++) sum += mask & (1 << i) ? -deltas[i] : deltas[i];
    if (reaches(sum)) hits++;
  }
  return hits / total;
}
