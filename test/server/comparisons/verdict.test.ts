// A gate's rule as written and its verdict as decided, without a database. The Holm case is the worked example
// of the Holm–Bonferroni method's Wikipedia article (four hypotheses at α = 0.05 with p = 0.01, 0.04, 0.03,
// 0.005: H4 and H1 are rejected, H3 and H2 not), as four checks whose metrics all fell by more than max_drop.
import { describe, expect, it } from 'vitest';
import { parseGateRule } from '../../../server/comparisons/gate-rule';
import { decideVerdict, type CheckStats } from '../../../server/comparisons/verdict';

const fell = (p_value: number, delta = -0.1): CheckStats => ({ baseline_mean: 0.7, candidate_mean: 0.7 + delta, delta, p_value });

describe('parseGateRule', () => {
  it('reads checks comma-separated or repeated, alpha 0.05 when left out', () => {
    expect(parseGateRule(['ndcg@10:0.01:0.1, recall@10 : 0.02,', 'f1@10:0'])).toEqual([
      { metric: 'ndcg@10', maxDrop: 0.01, alpha: 0.1 },
      { metric: 'recall@10', maxDrop: 0.02, alpha: 0.05 },
      { metric: 'f1@10', maxDrop: 0, alpha: 0.05 },
    ]);
  });

  it('refuses numbers written other than as decimals', () => {
    expect(() => parseGateRule(['ndcg@10:0x10'])).toThrow('max_drop must be a number ≥ 0, got "0x10"');
    expect(() => parseGateRule(['ndcg@10:Infinity'])).toThrow('max_drop must be a number ≥ 0');
    expect(() => parseGateRule(['ndcg@10:0.1:'])).toThrow('alpha must be a number between 0 and 1');
  });
});

describe('decideVerdict', () => {
  it("fails exactly the checks Holm's procedure rejects in the published example", () => {
    const rule = ['ndcg@10', 'precision@10', 'recall@10', 'f1@10'].map((metric) => ({ metric, maxDrop: 0.01, alpha: 0.05 }));
    const { pass, checks } = decideVerdict(
      rule,
      [0.01, 0.04, 0.03, 0.005].map((p) => fell(p)),
    );
    expect(pass).toBe(false);
    expect(checks.map((check) => check.failed)).toEqual([true, false, false, true]);
    [0.03, 0.06, 0.06, 0.02].forEach((expected, i) => expect(checks[i].adjusted_p_value).toBeCloseTo(expected, 12));
    expect(checks[0].reason).toBe('ndcg@10 fell by 0.1 (0.700 → 0.600), more than 0.01, and p = 0.01 (Holm-adjusted 0.03) < 0.05');
    expect(checks[1].reason).toBe(
      'precision@10 fell by 0.1 (0.700 → 0.600), more than 0.01, but p = 0.04 (Holm-adjusted 0.06) ≥ 0.05: could be noise',
    );
  });

  it("compares each check's Holm-adjusted p with the check's own alpha", () => {
    // Adjusted: 2·0.01 = 0.02 for both (the larger p, 0.02, is kept at least as large as the smaller's 0.02).
    const rule = [
      { metric: 'ndcg@10', maxDrop: 0, alpha: 0.05 },
      { metric: 'recall@10', maxDrop: 0, alpha: 0.01 },
    ];
    const { checks } = decideVerdict(rule, [fell(0.01), fell(0.02)]);
    expect(checks.map((check) => [check.adjusted_p_value, check.failed])).toEqual([
      [0.02, true],
      [0.02, false],
    ]);
  });

  it('prints a p that rounds to alpha, or a drop that rounds to max_drop, with the digits that tell them apart', () => {
    const rule = [{ metric: 'ndcg@10', maxDrop: 0.01, alpha: 0.05 }];
    expect(decideVerdict(rule, [fell(0.0496, -0.0100004)]).checks[0].reason).toBe(
      'ndcg@10 fell by 0.0100004 (0.700 → 0.690), more than 0.01, and p = 0.0496 < 0.05',
    );
    // 0.71 → 0.7 is a fall of 0.010000000000000009 in floating point: equal to max_drop, so within it.
    const equal = decideVerdict(rule, [{ baseline_mean: 0.71, candidate_mean: 0.7, delta: 0.7 - 0.71, p_value: 0.001 }]);
    expect(equal.pass).toBe(true);
    expect(equal.checks[0].reason).toBe('ndcg@10 fell by 0.01 (0.710 → 0.700), within 0.01');
  });
});
