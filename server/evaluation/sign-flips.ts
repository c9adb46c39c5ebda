/**
 * The two-sided paired randomization test (sign flips) for several metrics at once: the share of sign
 * assignments of the non-zero differences whose sum is at least as far from 0 as the observed one. Exact
 * over all 2^n assignments up to EXACT_LIMIT differences; else PERMUTATIONS random assignments from a
 * fixed seed, (hits + 1) / (PERMUTATIONS + 1), the same answer every time.
 *
 * Sampled naively, 10,000 assignments of 100,000 differences are 10^9 additions per metric. Here the
 * differences go in blocks of 8: a block's 256 possible signed sums are tabulated once, and each
 * assignment adds one table entry per block, chosen by a random byte — 8 times fewer additions, and the
 * 2 KB table stays in the CPU's cache while all 10,000 assignments read it. The metrics share the random
 * bytes, so each metric's answer is the one it gets alone.
 */
import { uint32Stream } from './seeded-random';

/** Differences this close to 0 are ties: metrics summed in another order differ in their last bits. */
export const TIE_EPSILON = 1e-12;
/** Up to this many non-zero differences the test enumerates every sign assignment (2^n). */
export const EXACT_LIMIT = 16;
export const PERMUTATIONS = 10_000;
const SEED = 20_261_124;
const BLOCK = 8;

/** The p-value of each metric's differences; 1 when none of them differs from 0. */
export function signFlipPValues(metrics: ReadonlyArray<ArrayLike<number>>): number[] {
  const nonZero = metrics.map(nonZeroOf);
  const sampled = nonZero.map((_, i) => i).filter((i) => nonZero[i].length > EXACT_LIMIT);
  const sums = sampledSums(sampled.map((i) => nonZero[i]));
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

/** For each metric, the sum of its differences under each of the PERMUTATIONS random sign assignments. */
function sampledSums(metrics: Float64Array[]): Float64Array[] {
  const sums = metrics.map(() => new Float64Array(PERMUTATIONS));
  const blocks = Math.max(0, ...metrics.map((d) => Math.ceil(d.length / BLOCK)));
  const next = uint32Stream(SEED);
  const bytes = new Uint8Array(PERMUTATIONS);
  const table = new Float64Array(1 << BLOCK);
  for (let block = 0; block < blocks; block++) {
    for (let p = 0; p < PERMUTATIONS; p += 4) {
      const r = next();
      bytes[p] = r;
      bytes[p + 1] = r >>> 8;
      bytes[p + 2] = r >>> 16;
      bytes[p + 3] = r >>> 24;
    }
    for (let m = 0; m < metrics.length; m++) {
      const deltas = metrics[m];
      if (block * BLOCK >= deltas.length) continue;
      fillTable(table, deltas, block * BLOCK);
      addEntries(sums[m], table, bytes);
    }
  }
  return sums;
}

/** sum[p] += table[bytes[p]] for every p, unrolled by 8 (PERMUTATIONS is a multiple of 8): twice as fast in V8. */
function addEntries(sum: Float64Array, table: Float64Array, bytes: Uint8Array): void {
  for (let p = 0; p < PERMUTATIONS; p += 8) {
    sum[p] += table[bytes[p]];
    sum[p + 1] += table[bytes[p + 1]];
    sum[p + 2] += table[bytes[p + 2]];
    sum[p + 3] += table[bytes[p + 3]];
    sum[p + 4] += table[bytes[p + 4]];
    sum[p + 5] += table[bytes[p + 5]];
    sum[p + 6] += table[bytes[p + 6]];
    sum[p + 7] += table[bytes[p + 7]];
  }
}

/** table[mask] = Σ ±d over the block, + where mask's bit is set: each entry one addition from a smaller one. */
function fillTable(table: Float64Array, deltas: Float64Array, start: number): void {
  const d = new Float64Array(BLOCK);
  let negated = 0;
  for (let j = 0; j < BLOCK; j++) {
    d[j] = start + j < deltas.length ? deltas[start + j] : 0;
    negated -= d[j];
  }
  table[0] = negated;
  for (let mask = 1; mask < table.length; mask++) {
    const low = mask & -mask;
    table[mask] = table[mask ^ low] + 2 * d[31 - Math.clz32(low)];
  }
}
