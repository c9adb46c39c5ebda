// COEC worked by hand on small logs: what a curator sees as each product's clicks over the clicks its
// positions would get anyway, and the grades the boundaries give.
import { describe, expect, it } from 'vitest';
import { ClickTally } from '../../../server/golden-sets/click-logs/coec';
import { gradeOf, parseThresholds, previewClickGrades, thresholdCountProblem } from '../../../server/golden-sets/click-logs/click-grades';

/*
 * The query "sofa":
 *   A: position 1, 10 impressions, 4 clicks; position 2, 10 impressions, 1 click
 *   B: position 2, 10 impressions, 3 clicks
 *   C: position 1, 10 impressions, 2 clicks
 * CTR per position over the log: position 1 (4 + 2) / 20 = 0.3; position 2 (1 + 3) / 20 = 0.2.
 * Expected clicks: A 10·0.3 + 10·0.2 = 5 (both positions, not only its best); B 10·0.2 = 2; C 10·0.3 = 3.
 * COEC raw: A 5/5 = 1; B 3/2 = 1.5; C 2/3 ≈ 0.667.
 * Prior of m = 5 expected clicks: A (5+5)/(5+5) = 1; B (3+5)/(2+5) = 8/7 ≈ 1.143; C (2+5)/(3+5) = 7/8 = 0.875.
 */
function sofaLog(): ClickTally {
  const tally = new ClickTally();
  tally.add('sofa', 'A', 1, 10, 4);
  tally.add('Sofa ', 'A', 2, 10, 1); // the same query, case and spaces aside
  tally.add('sofa', 'B', 2, 10, 3);
  tally.add('sofa', 'C', 1, 10, 2);
  return tally;
}

describe('COEC', () => {
  it('divides clicks by the clicks each impression expects at its own position, then applies the prior', () => {
    const tally = sofaLog();
    expect(tally.positionRates()).toEqual([
      { position: 1, impressions: 20, clicks: 6, ctr: 0.3 },
      { position: 2, impressions: 20, clicks: 4, ctr: 0.2 },
    ]);
    const byProduct = Object.fromEntries(tally.coecs(5).map((pair) => [pair.product_id, pair]));
    expect(byProduct.A).toMatchObject({ query: 'sofa', impressions: 20, clicks: 5 });
    expect(byProduct.A.expected_clicks).toBeCloseTo(5);
    expect(byProduct.A.coec_raw).toBeCloseTo(1);
    expect(byProduct.A.coec).toBeCloseTo(1);
    expect(byProduct.B.expected_clicks).toBeCloseTo(2);
    expect(byProduct.B.coec_raw).toBeCloseTo(1.5);
    expect(byProduct.B.coec).toBeCloseTo(8 / 7);
    expect(byProduct.C.coec_raw).toBeCloseTo(2 / 3);
    expect(byProduct.C.coec).toBeCloseTo(0.875);
  });

  it('keeps one lucky click from topping the list', () => {
    /*
     * Position 1: X 100 impressions, 30 clicks → CTR 0.3.
     * Position 5: Y 49 impressions, 0 clicks; Z 1 impression, 1 click; W 100 impressions, 10 clicks → CTR 11/150.
     * Z: expected 11/150 ≈ 0.0733, raw ≈ 13.6, with m = 5: (1+5)/(0.0733+5) ≈ 1.183.
     * W: expected 100·11/150 ≈ 7.333, raw ≈ 1.364, with m = 5: (10+5)/(7.333+5) ≈ 1.216.
     * X: expected 30, raw 1, coec 1. Y: expected 49·11/150 ≈ 3.593, raw 0, coec 5/8.593 ≈ 0.582.
     */
    const tally = new ClickTally();
    tally.add('lamp', 'X', 1, 100, 30);
    tally.add('lamp', 'Y', 5, 49, 0);
    tally.add('lamp', 'Z', 5, 1, 1);
    tally.add('lamp', 'W', 5, 100, 10);
    const raw = tally.coecs(0).sort((a, b) => b.coec_raw! - a.coec_raw!);
    expect(raw[0].product_id).toBe('Z');
    const preview = previewClickGrades(tally, { minImpressions: 1, priorClicks: 5, thresholds: [0.9, 1.1] });
    expect(preview.pairs.map((pair) => pair.product_id)).toEqual(['W', 'Z', 'X', 'Y']);
    expect(preview.pairs[0].coec).toBeCloseTo(15 / (5 + 22 / 3));
    expect(preview.pairs[1].coec).toBeCloseTo(6 / (5 + 11 / 150));
    expect(preview.pairs[3].coec).toBeCloseTo(5 / (5 + (49 * 11) / 150));
  });

  it('gives no ratio where nobody ever clicks, and the prior keeps such a pair at 1', () => {
    const tally = new ClickTally();
    tally.add('rug', 'R', 9, 30, 0);
    expect(tally.coecs(5)[0]).toMatchObject({ expected_clicks: 0, coec_raw: null, coec: 1 });
    expect(tally.coecs(0)[0]).toMatchObject({ coec_raw: null, coec: null });
  });
});

describe('grades from COEC', () => {
  it('grades by the boundaries reached and counts the pairs per grade, below min_impressions none', () => {
    // A 1 → grade 1; B 1.143 → grade 2; C 0.875 → grade 0 (boundaries 0.9 and 1.1).
    const all = previewClickGrades(sofaLog(), { minImpressions: 10, priorClicks: 5, thresholds: [0.9, 1.1] });
    expect(all.pairs.map((pair) => [pair.product_id, pair.grade])).toEqual([
      ['B', 2],
      ['A', 1],
      ['C', 0],
    ]);
    expect(all.grade_counts).toEqual({ 0: 1, 1: 1, 2: 1 });
    expect(all.ungraded).toBe(0);
    // Only A was shown 20 times.
    const seen = previewClickGrades(sofaLog(), { minImpressions: 15, priorClicks: 5, thresholds: [0.9, 1.1] });
    expect(seen.pairs.map((pair) => [pair.product_id, pair.grade])).toEqual([
      ['B', null],
      ['A', 1],
      ['C', null],
    ]);
    expect(seen.grade_counts).toEqual({ 0: 0, 1: 1, 2: 0 });
    expect(seen.ungraded).toBe(2);
  });

  it('puts a COEC equal to a boundary in the grade above', () => {
    expect(gradeOf(1, [0.5, 1, 2])).toBe(2);
    expect(gradeOf(0.49, [0.5, 1, 2])).toBe(0);
    expect(gradeOf(7, [0.5, 1, 2])).toBe(3);
  });

  it('takes as many rising boundaries as the scale has grades above 0, and says what is wrong otherwise', () => {
    expect(parseThresholds(' 0.5, 1 ,2')).toEqual({ thresholds: [0.5, 1, 2] });
    expect(thresholdCountProblem([0.5, 1, 2], 3)).toBeUndefined();
    expect(thresholdCountProblem([0.5, 1], 3)).toMatch(/^needs 3 rising COEC boundaries for grades 0 to 3 .*got 2$/);
    expect(parseThresholds('0.5,2,1')).toEqual({ problem: 'must rise: boundary 3 (1) is not above boundary 2 (2)' });
    expect(parseThresholds('0.5,1,1')).toEqual({ problem: 'must rise: boundary 3 (1) is not above boundary 2 (1)' });
    expect(parseThresholds('0.5,high,2')).toEqual({ problem: 'boundary 2 must be a number ≥ 0, not "high"' });
    expect(parseThresholds('-1,1,2')).toEqual({ problem: 'boundary 1 must be a number ≥ 0, not "-1"' });
  });
});
