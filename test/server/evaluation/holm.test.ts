// Holm's correction, checked against the worked example of the Holm–Bonferroni method's Wikipedia article
// (four hypotheses at α = 0.05 with p = 0.01, 0.04, 0.03, 0.005: H4 and H1 are rejected, H3 and H2 not),
// whose adjusted p-values by Holm (1979) are 4·0.005, 3·0.01, 2·0.03 and max(2·0.03, 0.04).
import { describe, expect, it } from 'vitest';
import { holmAdjusted } from '../../../server/evaluation/holm';

describe('holmAdjusted', () => {
  it("answers the published example's adjusted p-values in the hypotheses' own order", () => {
    const adjusted = holmAdjusted([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((expected, i) => expect(adjusted[i]).toBeCloseTo(expected, 12));
    expect(adjusted.map((p) => p! < 0.05)).toEqual([true, false, false, true]);
  });

  it('never adjusts above 1, keeps the order of the p-values, and leaves missing ones out of the count', () => {
    expect(holmAdjusted([0.5, 0.4, null])).toEqual([0.8, 0.8, null]);
    expect(holmAdjusted([0.9, 0.02])).toEqual([0.9, 0.04]);
    expect(holmAdjusted([])).toEqual([]);
  });
});
