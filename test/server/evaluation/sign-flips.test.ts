// The randomization test's shortcut (tables of 8 differences' signed sums) must give what flipping each
// sign does, and its 10,000 sampled flips must estimate the exact p.
import { describe, expect, it } from 'vitest';
import { EXACT_LIMIT, PERMUTATIONS, signFlipPValues, signFlipPValuesInWorkers } from '../../../server/evaluation/sign-flips';
import { seededRandom, uint32Stream } from '../../../server/evaluation/seeded-random';
import { deltaHistogram } from '../../../server/comparisons/paired-queries';

const random = seededRandom(15);
const differences = (n: number, shift: number) =>
  Array.from({ length: n }, () => Math.round((random.next() - 0.5 + shift) * 1000) / 1000 || 0.001);

/** The same test flip by flip: permutation p's sign of difference i is bit i % 8 of the byte drawn for block ⌊i / 8⌋. */
function flipByFlip(deltas: number[]): number {
  const next = uint32Stream(20_261_124);
  const sums = new Float64Array(PERMUTATIONS);
  for (let block = 0; block < Math.ceil(deltas.length / 8); block++) {
    const bytes: number[] = [];
    for (let p = 0; p < PERMUTATIONS; p += 4) {
      const r = next();
      bytes.push(r & 255, (r >>> 8) & 255, (r >>> 16) & 255, r >>> 24);
    }
    for (let p = 0; p < PERMUTATIONS; p++) {
      for (let j = 0; j < 8 && block * 8 + j < deltas.length; j++)
        sums[p] += bytes[p] & (1 << j) ? deltas[block * 8 + j] : -deltas[block * 8 + j];
    }
  }
  const observed = Math.abs(deltas.reduce((sum, d) => sum + d, 0));
  const hits = sums.filter((sum) => Math.abs(sum) >= observed - 1e-9 * Math.max(1, observed)).length;
  return (hits + 1) / (PERMUTATIONS + 1);
}

function exactP(deltas: number[]): number {
  const observed = Math.abs(deltas.reduce((sum, d) => sum + d, 0));
  let hits = 0;
  for (let mask = 0; mask < 2 ** deltas.length; mask++) {
    const sum = deltas.reduce((total, d, i) => total + (mask & (1 << i) ? -d : d), 0);
    if (Math.abs(sum) >= observed - 1e-9) hits++;
  }
  return hits / 2 ** deltas.length;
}

describe('sign-flip test', () => {
  it('gives exactly what flipping each sign with the same random draws gives', () => {
    for (const [n, shift] of [
      [EXACT_LIMIT + 1, 0.2],
      [45, 0.05],
      [200, 0],
    ]) {
      const deltas = differences(n, shift);
      expect(signFlipPValues([deltas])[0], `${n} differences`).toBe(flipByFlip(deltas));
    }
  });

  it('estimates the exact p within sampling error above the exact limit', () => {
    for (const shift of [0.05, 0.12, 0.2]) {
      const deltas = differences(20, shift);
      const exact = exactP(deltas);
      const sampled = signFlipPValues([deltas])[0];
      // Four standard errors of a proportion estimated from 10,000 draws.
      expect(Math.abs(sampled - exact), `shift ${shift}: exact ${exact}, sampled ${sampled}`).toBeLessThan(
        4 * Math.sqrt((exact * (1 - exact)) / PERMUTATIONS) + 1e-4,
      );
    }
  });

  it('answers each metric of several what it answers alone, zeros left out', () => {
    const metrics = [differences(300, 0.02), [0, 0, 0], differences(10, 0.3), differences(90, -0.1).map((d, i) => (i % 3 ? d : 0))];
    expect(signFlipPValues(metrics)).toEqual(metrics.map((deltas) => signFlipPValues([deltas])[0]));
    expect(signFlipPValues(metrics)[1]).toBe(1);
    expect(signFlipPValues([metrics[2]])[0]).toBe(exactP(metrics[2]));
  });

  it('answers the same in worker threads, however the metrics are shared out', async () => {
    const metrics = [
      differences(5000, 0.01),
      differences(300, 0.02),
      [0, 0],
      differences(10, 0.3),
      differences(2000, -0.01),
      differences(40, 0),
    ];
    expect(await signFlipPValuesInWorkers(metrics)).toEqual(signFlipPValues(metrics));
    expect(await signFlipPValuesInWorkers(metrics.slice(1, 2))).toEqual(signFlipPValues(metrics.slice(1, 2)));
  });
});

describe('seeded stream', () => {
  it('starts any number of draws in at once, as drawing them one by one does', () => {
    const drawn = uint32Stream(20_261_124);
    const first = Array.from({ length: 12_345 }, () => drawn());
    for (const skip of [0, 1, 2_500, 12_344]) {
      expect(uint32Stream(20_261_124, skip)(), `${skip} in`).toBe(first[skip]);
    }
  });
});

describe('delta histogram', () => {
  it('bins non-zero deltas by 0.05 over [-1, 1], the ends included, and counts zeros apart', () => {
    const { bins, unchanged } = deltaHistogram(Float64Array.from([-1, -0.95, -0.951, 0, 0, 1e-13, 0.001, 0.049, 0.05, 1]));
    expect(bins).toHaveLength(40);
    expect(unchanged).toBe(3);
    const count = (from: number) => bins.find((bin) => bin.from === from)!.count;
    expect([count(-1), count(-0.95), count(0), count(0.05), count(0.95)]).toEqual([2, 1, 2, 1, 1]);
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(7);
    expect(bins[19]).toEqual({ from: -0.05, to: 0, count: 0 });
  });
});
