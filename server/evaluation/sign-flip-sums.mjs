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
 *
 * Each metric's blocks are cut into PARTS parts by its own length, summed apart and added in order: the
 * parts can go to different threads (one metric's test then takes half the time on two cores), and the sums
 * are the same whichever thread computes which part.
 */

export const PERMUTATIONS = 10_000;
export const PARTS = 4;
const SEED = 20_261_124;
const BLOCK = 8;
/** Each block draws one byte per assignment, four from each 32-bit number. */
const DRAWS_PER_BLOCK = PERMUTATIONS / 4;
const MULBERRY_STEP = 0x6d2b79f5;

/**
 * mulberry32: a small seeded PRNG, so what is drawn from a seed is the same on every machine. Its state
 * only ever adds a constant, so the stream can start `skip` numbers in at once.
 * @param {number} seed
 * @param {number} [skip]
 * @returns {() => number} the next unsigned 32-bit integer
 */
export function uint32Stream(seed, skip = 0) {
  let state = ((seed >>> 0) + Math.imul(skip, MULBERRY_STEP)) >>> 0;
  return () => {
    state = (state + MULBERRY_STEP) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * The blocks [from, to) of part `part` of a metric of `length` differences.
 * @param {number} length
 * @param {number} part
 * @returns {[number, number]}
 */
function partBlocks(length, part) {
  const blocks = Math.ceil(length / BLOCK);
  return [Math.floor((part * blocks) / PARTS), Math.floor(((part + 1) * blocks) / PARTS)];
}

/**
 * Part `part` of each metric's PERMUTATIONS sums.
 * @param {Float64Array[]} metrics each metric's non-zero differences
 * @param {number} part 0 to PARTS − 1
 * @returns {Float64Array[]}
 */
export function partSums(metrics, part) {
  const ranges = metrics.map((deltas) => partBlocks(deltas.length, part));
  const sums = metrics.map(() => new Float64Array(PERMUTATIONS));
  const from = Math.min(...ranges.map(([start]) => start));
  const to = Math.max(0, ...ranges.map(([, end]) => end));
  const next = uint32Stream(SEED, from * DRAWS_PER_BLOCK);
  const bytes = new Uint8Array(PERMUTATIONS);
  const table = new Float64Array(1 << BLOCK);
  const block = new Float64Array(BLOCK);
  for (let b = from; b < to; b++) {
    for (let p = 0; p < PERMUTATIONS; p += 4) {
      const r = next();
      bytes[p] = r;
      bytes[p + 1] = r >>> 8;
      bytes[p + 2] = r >>> 16;
      bytes[p + 3] = r >>> 24;
    }
    for (let m = 0; m < metrics.length; m++) {
      if (b < ranges[m][0] || b >= ranges[m][1]) continue;
      const deltas = metrics[m];
      for (let j = 0; j < BLOCK; j++) block[j] = b * BLOCK + j < deltas.length ? deltas[b * BLOCK + j] : 0;
      fillTable(table, block);
      addEntries(sums[m], table, bytes);
    }
  }
  return sums;
}

/**
 * Each metric's sums from its parts' (parts[part][metric]), added in part order.
 * @param {Float64Array[][]} parts
 * @param {number} metricCount
 * @returns {Float64Array[]}
 */
export function addParts(parts, metricCount) {
  const sums = Array.from({ length: metricCount }, () => new Float64Array(PERMUTATIONS));
  for (const part of parts) {
    for (let m = 0; m < metricCount; m++) for (let p = 0; p < PERMUTATIONS; p++) sums[m][p] += part[m][p];
  }
  return sums;
}

/**
 * Every part, here: what the worker threads share out between them.
 * @param {Float64Array[]} metrics each metric's non-zero differences
 * @returns {Float64Array[]} each metric's PERMUTATIONS sums
 */
export function sampledSums(metrics) {
  return addParts(
    Array.from({ length: PARTS }, (_, part) => partSums(metrics, part)),
    metrics.length,
  );
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
