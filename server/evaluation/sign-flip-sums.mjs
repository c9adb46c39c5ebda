// @ts-check
/**
 * The costly part of the sign-flip test (sign-flips.ts): each metric's sum of differences under
 * PERMUTATIONS random sign assignments from a fixed seed. Plain JavaScript, so worker threads run it as
 * it is (sign-flip-worker.mjs), under tsx, vitest and plain Node alike.
 *
 * Sampled naively, 10,000 assignments of 100,000 differences are 10^9 additions per metric. Here the
 * differences go in blocks of 8: a block's 256 possible signed sums are tabulated once, and each
 * assignment adds one table entry per block, chosen by a random byte: 8 times fewer additions, and the
 * 2 KB table stays in the CPU's cache while all 10,000 assignments read it. Block b of every metric takes
 * the same bytes, so a metric's sums do not depend on which other metrics are computed with it.
 */

export const PERMUTATIONS = 10_000;
const SEED = 20_261_124;
const BLOCK = 8;

/**
 * mulberry32: a small seeded PRNG, so what is drawn from a seed is the same on every machine.
 * @param {number} seed
 * @returns {() => number} the next unsigned 32-bit integer
 */
export function uint32Stream(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * @param {Float64Array[]} metrics each metric's non-zero differences
 * @returns {Float64Array[]} each metric's PERMUTATIONS sums
 */
export function sampledSums(metrics) {
  const sums = metrics.map(() => new Float64Array(PERMUTATIONS));
  const blocks = Math.max(0, ...metrics.map((d) => Math.ceil(d.length / BLOCK)));
  const next = uint32Stream(SEED);
  const bytes = new Uint8Array(PERMUTATIONS);
  const table = new Float64Array(1 << BLOCK);
  const block = new Float64Array(BLOCK);
  for (let b = 0; b < blocks; b++) {
    for (let p = 0; p < PERMUTATIONS; p += 4) {
      const r = next();
      bytes[p] = r;
      bytes[p + 1] = r >>> 8;
      bytes[p + 2] = r >>> 16;
      bytes[p + 3] = r >>> 24;
    }
    for (let m = 0; m < metrics.length; m++) {
      const deltas = metrics[m];
      if (b * BLOCK >= deltas.length) continue;
      for (let j = 0; j < BLOCK; j++) block[j] = b * BLOCK + j < deltas.length ? deltas[b * BLOCK + j] : 0;
      fillTable(table, block);
      addEntries(sums[m], table, bytes);
    }
  }
  return sums;
}

/**
 * table[mask] = Σ ±d over the block, + where mask's bit is set: each entry one addition from a smaller one.
 * @param {Float64Array} table
 * @param {Float64Array} d
 */
function fillTable(table, d) {
  let negated = 0;
  for (let j = 0; j < BLOCK; j++) negated -= d[j];
  table[0] = negated;
  for (let mask = 1; mask < table.length; mask++) {
    const low = mask & -mask;
    table[mask] = table[mask ^ low] + 2 * d[31 - Math.clz32(low)];
  }
}

/**
 * sum[p] += table[bytes[p]] for every p, unrolled by 8 (PERMUTATIONS is a multiple of 8): twice as fast in V8.
 * @param {Float64Array} sum
 * @param {Float64Array} table
 * @param {Uint8Array} bytes
 */
function addEntries(sum, table, bytes) {
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
