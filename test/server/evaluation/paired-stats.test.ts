import { describe, expect, it } from 'vitest';
import { comparePaired, EXACT_LIMIT, randomizationP, studentTQuantile, twoSidedTP } from '../../../server/evaluation/paired-stats';

// R's `sleep` data: extra sleep of 10 patients under two drugs. t.test(extra ~ group, data = sleep, paired = TRUE)
// gives t = -4.0621, df = 9, p-value = 0.002833, 95 percent CI -2.4598858 -0.7001142, mean difference -1.58.
const group1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const group2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];
const sleep = group1.map((value, i) => value - group2[i]);

describe('paired statistics', () => {
  it("matches R's paired t-test on the sleep data", () => {
    const result = comparePaired(sleep);
    expect(result.n).toBe(10);
    expect(result.meanDelta).toBeCloseTo(-1.58, 12);
    const se = Math.sqrt(sleep.reduce((sum, d) => sum + (d + 1.58) ** 2, 0) / 9 / 10);
    expect(result.meanDelta / se).toBeCloseTo(-4.0621, 4);
    expect(result.pValueT).toBeCloseTo(0.002833, 6);
    expect(result.ci95![0]).toBeCloseTo(-2.4598858, 6);
    expect(result.ci95![1]).toBeCloseTo(-0.7001142, 6);
    // One tie (patient 5: -0.1 and -0.1), the others all lower under drug 1.
    expect([result.wins, result.ties, result.losses]).toEqual([0, 1, 9]);
  });

  it("has Student's t right at known quantiles", () => {
    expect(studentTQuantile(0.975, 9)).toBeCloseTo(2.262157, 6);
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.7062, 4);
    expect(twoSidedTP(1.959964, 1e7)).toBeCloseTo(0.05, 5);
    expect(twoSidedTP(0, 5)).toBe(1);
  });

  it('gives the exact sign-flip p on a small hand-worked case', () => {
    // Differences 1, 2, 3 (sum 6): of the 8 flips only +1+2+3 and -1-2-3 reach |sum| ≥ 6.
    expect(randomizationP([1, 2, 3])).toBe(2 / 8);
    // Zeros cannot flip: 1, 2, 3 with two ties is the same test.
    expect(randomizationP([0, 1, 0, 2, 3])).toBe(2 / 8);
    // 1, 1, 1, 1: only all-plus and all-minus reach 4.
    expect(randomizationP([1, 1, 1, 1])).toBe(2 / 16);
    expect(randomizationP([0, 0])).toBe(1);
  });

  it('samples a fixed set of flips above the exact limit, so the answer is the same every time', () => {
    const deltas = Array.from({ length: EXACT_LIMIT + 10 }, (_, i) => ((i * 7919) % 13) / 10 - 0.3);
    const first = randomizationP(deltas);
    expect(randomizationP(deltas)).toBe(first);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(1);
    // A clear shift is significant by both tests.
    const shifted = comparePaired(Array.from({ length: 40 }, (_, i) => 0.1 + (i % 5) / 100));
    expect(shifted.pValueRandomization).toBeLessThan(0.001);
    expect(shifted.pValueT).toBeLessThan(0.001);
  });

  it('says nothing it cannot: no pairs, one pair, no spread', () => {
    expect(comparePaired([])).toMatchObject({ n: 0, ci95: null, pValueT: null, pValueRandomization: null });
    expect(comparePaired([0.2])).toMatchObject({ n: 1, meanDelta: 0.2, ci95: null, pValueT: null, pValueRandomization: 1 });
    expect(comparePaired([0, 0, 0])).toMatchObject({ ci95: null, pValueT: 1, pValueRandomization: 1, ties: 3 });
  });
});
