// Overlap@k, Jaccard@k and rank-biased overlap (Webber, Moffat & Zobel 2010, "A similarity measure for indefinite
// rankings", ACM TOIS 28(4)) between two rankings without relevance judgements. Every expected number is worked by
// hand in the comment above it or comes from a published implementation, cited where used. ln 10 = 2.302585093,
// ln 2 = 0.693147181; powers of 0.9: 0.9, 0.81, 0.729, 0.6561, 0.59049.
import { describe, expect, it } from 'vitest';
import { numericRankingOverlap, rankingOverlap } from '../../../server/comparisons/ranking-overlap';

const letters = (text: string) => [...text];
const ALPHABET = letters('abcdefghijklmnopqrstuvwxyz');

describe('rankingOverlap', () => {
  it('gives 1 for identical rankings, but RBO_min only the weight of the depths seen', () => {
    const same = rankingOverlap(letters('abcde'), letters('abcde'), 5);
    expect(same.overlap).toBe(1);
    expect(same.jaccard).toBe(1);
    // RBO_ext = X_5/5 · p^5 + (1 − p)/p · Σ d p^d / d = p^5 + (1 − p^5): exactly 1.
    expect(same.rbo_ext).toBe(1);
    // RBO_min (eq. 11) = (1 − p)/p · (Σ (X_d − X_5) p^d / d − X_5 ln(1 − p)) with X_d = d:
    // (1/9) · (−4·0.9 − 3·0.81/2 − 2·0.729/3 − 1·0.6561/4 + 0 + 5 ln 10)
    // = (1/9) · (−3.6 − 1.215 − 0.486 − 0.164025 + 11.512925465) = 0.671988941.
    // Beyond depth 5 nothing is known, so the bound keeps only the weight of the top 5 places.
    expect(same.rbo_min).toBeCloseTo(0.671988941, 9);

    // The paper (top-weightedness, eq. 21): at p = 0.9 the top 10 places carry 86% of the weight, which is
    // RBO_min of two identical rankings evaluated at depth 10.
    const ten = letters('abcdefghij');
    expect(rankingOverlap(ten, ten, 10).rbo_min).toBeCloseTo(0.86, 2);
    // mpetri/rbo, src/lib.rs, test_residual: "abcdefg" against itself at p = 0.9 leaves a residual of 0.232860 and
    // min + residual = 1, so RBO_min = 0.767140.
    const seven = letters('abcdefg');
    expect(rankingOverlap(seven, seven, 7).rbo_min).toBeCloseTo(0.76714, 5);
  });

  it('gives 0 for all four on rankings with nothing in common', () => {
    // X_d = 0 at every depth: every sum is 0, and RBO_ext's last term X_5/5 · p^5 too.
    for (const k of [5, 10]) {
      expect(rankingOverlap(letters('abcde'), letters('fghij'), k)).toEqual({ overlap: 0, jaccard: 0, rbo_min: 0, rbo_ext: 0 });
    }
  });

  it('works a b c d e against b a f c g out by hand, at p = 0.9', () => {
    // depth d      1     2       3         4           5
    // A[:d]        a     a b     a b c     a b c d     a b c d e
    // B[:d]        b     b a     b a f     b a f c     b a f c g
    // X_d          0     2       2         3           3
    // A_d = X_d/d  0     1       2/3       3/4         3/5
    const result = rankingOverlap(letters('abcde'), letters('bafcg'), 5);
    // overlap@5 = 3/5; Jaccard@5 = 3 / (5 + 5 − 3) = 3/7.
    expect(result.overlap).toBeCloseTo(0.6, 12);
    expect(result.jaccard).toBeCloseTo(3 / 7, 12);
    // RBO_min = (1/9) · ((0−3)·0.9 + (2−3)·0.81/2 + (2−3)·0.729/3 + 0 + 0 + 3 ln 10)
    //         = (1/9) · (−2.7 − 0.405 − 0.243 + 6.907755279) = (1/9) · 3.559755279 = 0.395528364.
    expect(result.rbo_min).toBeCloseTo(0.395528364, 9);
    // RBO_ext (eq. 32 with s = l = 5) = (1 − p) Σ p^(d−1) A_d + A_5 p^5
    //         = 0.1 · (0 + 0.9·1 + 0.81·2/3 + 0.729·3/4 + 0.6561·3/5) + 0.6 · 0.59049
    //         = 0.1 · (0.9 + 0.54 + 0.54675 + 0.39366) + 0.354294 = 0.238041 + 0.354294 = 0.592335.
    // Corsi & Urbano's reference implementation (julian-urbano/sigir2024-rbo, rbo/Python/rbo.py) gives
    // ext 0.592335 and min 0.3955283643 for this pair too.
    expect(result.rbo_ext).toBeCloseTo(0.592335, 9);
  });

  it('handles rankings of different lengths, A with 5 ids and B with 3, either way round', () => {
    // A = a b c d e, B = b a f: l = 5, s = 3. Past depth 3, B has no more ids and X_d counts all of B.
    // depth d   1   2   3   4   5
    // X_d       0   2   2   2   2          X_s = X_3 = 2, X_l = X_5 = 2
    for (const [first, second] of [
      ['abcde', 'baf'],
      ['baf', 'abcde'],
    ]) {
      const result = rankingOverlap(letters(first), letters(second), 5);
      // overlap@5 = 2/5; Jaccard@5 = 2 / (5 + 3 − 2) = 1/3.
      expect(result.overlap).toBeCloseTo(0.4, 12);
      expect(result.jaccard).toBeCloseTo(1 / 3, 12);
      // RBO_min (eq. 11 at depth l = 5) = (1/9) · ((0−2)·0.9 + 0 + 0 + 0 + 0 + 2 ln 10)
      //         = (1/9) · (−1.8 + 4.605170186) = 0.311685576.
      expect(result.rbo_min).toBeCloseTo(0.311685576, 9);
      // RBO_ext (eq. 32) = (1/9) · (Σ_{d=1..5} X_d p^d / d + Σ_{d=4..5} X_s (d − s) p^d / (s d)) + ((X_l − X_s)/l + X_s/s) p^5
      //   Σ X_d p^d / d = 0 + 2·0.81/2 + 2·0.729/3 + 2·0.6561/4 + 2·0.59049/5 = 0.81 + 0.486 + 0.32805 + 0.236196 = 1.860246
      //   Σ_{d=4..5}    = 2·1·0.6561/12 + 2·2·0.59049/15 = 0.10935 + 0.157464 = 0.266814
      //   (1/9) · 2.12706 = 0.23634;  (0/5 + 2/3) · 0.59049 = 0.39366;  total 0.63.
      // Corsi & Urbano's reference implementation (rbo/Python/rbo.py) gives ext 0.63 and min 0.3116855762.
      expect(result.rbo_ext).toBeCloseTo(0.63, 9);
    }
  });

  it('gives 0 for all four when one ranking is empty, and 1 for Jaccard and RBO_ext when both are', () => {
    // One empty ranking shares nothing and shows no rate of agreement to extend. changyaochen/rbo (rbo/rbo.py,
    // rbo_ext) returns 0 for one empty list and 1 for two, as its tests/test.py asserts for rbo().
    const none = { overlap: 0, jaccard: 0, rbo_min: 0, rbo_ext: 0 };
    expect(rankingOverlap(letters('abc'), [], 5)).toEqual(none);
    expect(rankingOverlap([], letters('abc'), 5)).toEqual(none);
    // Two empty results are the same result: Jaccard of two equal sets and RBO_ext of two equal rankings are 1; no
    // shared id is seen, so overlap@k and the lower bound stay 0.
    expect(rankingOverlap([], [], 5)).toEqual({ overlap: 0, jaccard: 1, rbo_min: 0, rbo_ext: 1 });
  });

  it('divides overlap@k by k when k is larger than both rankings, the other measures being those of the whole rankings', () => {
    // A = a b c d e, B = b a f at k = 10: the cut keeps both whole, so Jaccard, RBO_min and RBO_ext are those worked
    // out above at k = 5 (eq. 11 at depth 10 adds (X_d − X_10) = 0 terms for d = 6..10); overlap@10 = 2/10.
    const result = rankingOverlap(letters('abcde'), letters('baf'), 10);
    expect(result.overlap).toBeCloseTo(0.2, 12);
    expect(result.jaccard).toBeCloseTo(1 / 3, 12);
    expect(result.rbo_min).toBeCloseTo(0.311685576, 9);
    expect(result.rbo_ext).toBeCloseTo(0.63, 9);

    // Identical rankings of 3 at k = 5: overlap@5 = 3/5, Jaccard 1, RBO_ext 1, and
    // RBO_min = (1/9) · ((1−3)·0.9 + (2−3)·0.81/2 + 0 + 3 ln 10) = (1/9) · (−1.8 − 0.405 + 6.907755279) = 0.522528364.
    const same = rankingOverlap(letters('abc'), letters('abc'), 5);
    expect(same).toMatchObject({ jaccard: 1, rbo_ext: 1 });
    expect(same.overlap).toBeCloseTo(0.6, 12);
    expect(same.rbo_min).toBeCloseTo(0.522528364, 9);
  });

  it('cuts both rankings at k before measuring', () => {
    // A = a b c d e, B = b a f c g at k = 4: A = a b c d, B = b a f c; X_d = 0, 2, 2, 3.
    const result = rankingOverlap(letters('abcde'), letters('bafcg'), 4);
    // overlap@4 = 3/4; Jaccard@4 = 3 / (4 + 4 − 3) = 3/5.
    expect(result.overlap).toBeCloseTo(0.75, 12);
    expect(result.jaccard).toBeCloseTo(0.6, 12);
    // RBO_min = (1/9) · (−2.7 − 0.405 − 0.243 + 0 + 3 ln 10) = 0.395528364, the same as at k = 5 because X_5 = X_4.
    expect(result.rbo_min).toBeCloseTo(0.395528364, 9);
    // RBO_ext = 0.1 · (0 + 0.9 + 0.81·2/3 + 0.729·3/4) + 3/4 · 0.6561 = 0.1 · 1.98675 + 0.492075 = 0.69075:
    // cut at 4, the extrapolation no longer sees that depth 5 brings no new shared id.
    expect(result.rbo_ext).toBeCloseTo(0.69075, 9);
  });

  it('takes the persistence p from the caller', () => {
    // A = a b c d e, B = b a f c g at p = 0.5, so (1 − p)/p = 1; powers of 0.5: 0.5, 0.25, 0.125, 0.0625, 0.03125.
    const result = rankingOverlap(letters('abcde'), letters('bafcg'), 5, 0.5);
    // RBO_min = (0−3)·0.5 + (2−3)·0.25/2 + (2−3)·0.125/3 + 0 + 0 + 3 ln 2 = −1.5 − 0.125 − 0.041666667 + 2.079441542
    //         = 0.412774875.
    expect(result.rbo_min).toBeCloseTo(0.412774875, 9);
    // RBO_ext = 0.5 · (0 + 0.5·1 + 0.25·2/3 + 0.125·3/4 + 0.0625·3/5) + 3/5 · 0.03125
    //         = 0.5 · 383/480 + 18/960 = 401/960 = 0.417708333.
    expect(result.rbo_ext).toBeCloseTo(401 / 960, 12);
    // The set measures do not depend on p.
    expect(result.overlap).toBeCloseTo(0.6, 12);
    expect(result.jaccard).toBeCloseTo(3 / 7, 12);
  });

  it("gives the RBO_ext of William Webber's original implementation, on even and uneven rankings", () => {
    // mpetri/rbo, test_data/uneven_abc.json: the alphabet against shorter rankings, each value computed by Webber's
    // own rbo_ext (the crate's test ext_uneven_comparison_to_william_webber), printed to 6 decimals.
    const uneven: Array<[string, number, number]> = [
      ['akdwcjomxrubqitenhspyl', 0.1, 0.948509],
      ['av', 0.2, 0.9],
      ['auzemcwhrtjvbfqxyk', 0.4, 0.772647],
      ['f', 0.9, 0.05309],
      ['zclx', 0.9, 0.233312],
      ['karfvodcjmwgzlypebunq', 0.9, 0.468431],
      ['kxcnarvmwyp', 0.99, 0.529392],
    ];
    for (const [other, p, expected] of uneven) {
      expect(rankingOverlap(ALPHABET, letters(other), 26, p).rbo_ext).toBeCloseTo(expected, 5);
    }
    // test_data/permute_abc.json: a ranking against its own letters in alphabetical order (same length).
    const permuted = letters('jtnxyzovchmfldbksguqewari');
    expect(rankingOverlap([...permuted].sort(), permuted, 25, 0.9).rbo_ext).toBeCloseTo(0.256365, 5);
    expect(rankingOverlap([...permuted].sort(), permuted, 25, 0.5).rbo_ext).toBeCloseTo(0.000857, 5);
  });

  it('keeps in RBO_min the matches the longer ranking shows past the end of the shorter one', () => {
    // B = h against the alphabet at p = 0.9: X_d = 0 for d < 8 (h is 8th), then 1 up to l = 26. Eq. 11 at depth 26:
    // (1/9) · (Σ_{d=1..7} (0 − 1) 0.9^d / d + ln 10)
    // = (1/9) · (2.302585093 − (0.9 + 0.405 + 0.243 + 0.164025 + 0.118098 + 0.0885735 + 0.068328129)) = 0.035062274.
    // Corsi & Urbano's reference implementation gives min 0.0350623 and max 0.7792195 for this pair, and the residual
    // max − min = 0.744157 that mpetri/rbo's test_data/uneven_abc_sp.json records for it agrees. (That file's rbo_min
    // of 0 evaluates eq. 11 at the shorter length, ignoring h at depth 8, and then min + residual falls short of max.)
    const result = rankingOverlap(ALPHABET, ['h'], 26);
    expect(result.rbo_min).toBeCloseTo(0.035062274, 8);
    // Same file, rbo_ext for this pair: 0.035657.
    expect(result.rbo_ext).toBeCloseTo(0.035657, 5);
    // overlap@26 = 1/26; Jaccard = 1 / (26 + 1 − 1) = 1/26.
    expect(result.overlap).toBeCloseTo(1 / 26, 12);
    expect(result.jaccard).toBeCloseTo(1 / 26, 12);
  });

  it('counts a repeated id once, at its first place, the ids below it moving up before the cut at k', () => {
    // A = a a b c is a b c: identical to B.
    expect(rankingOverlap(letters('aabc'), letters('abc'), 3)).toMatchObject({ overlap: 1, jaccard: 1, rbo_ext: 1 });
    // A = a a b at k = 2 is a b, not a: still identical to B = a b.
    expect(rankingOverlap(letters('aab'), letters('ab'), 2)).toMatchObject({ overlap: 1, jaccard: 1, rbo_ext: 1 });
    // B = b a b c is b a c against A = a b c: X_d = 0, 2, 3, so overlap@3 = 1, Jaccard 1, and
    // RBO_ext = 0.1 · (0 + 0.9·1 + 0.81·1) + 1 · 0.729 = 0.171 + 0.729 = 0.9.
    const repeated = rankingOverlap(letters('abc'), letters('babc'), 3);
    expect(repeated).toMatchObject({ overlap: 1, jaccard: 1 });
    expect(repeated.rbo_ext).toBeCloseTo(0.9, 12);
    // A = a a b c is a b c against B = b a c, the repeat at the place where B has a: the same X_d = 0, 2, 3.
    const repeatedInA = rankingOverlap(letters('aabc'), letters('bac'), 3);
    expect(repeatedInA).toMatchObject({ overlap: 1, jaccard: 1 });
    expect(repeatedInA.rbo_ext).toBeCloseTo(0.9, 12);
  });

  it('gives the same answer whichever ranking comes first and whatever pairs came before', () => {
    const [a, b] = [letters('qwertyuiop'), letters('wqeyrtpoiu')];
    const first = rankingOverlap(a, b, 10);
    rankingOverlap(ALPHABET, letters('zyxwvutsrqponmlkjihgfedcba'), 26);
    expect(rankingOverlap(b, a, 10)).toEqual(first);
    expect(rankingOverlap(a, b, 10)).toEqual(first);
  });

  it('refuses a depth below 1 or not whole, and a persistence outside (0, 1)', () => {
    for (const k of [0, -1, 2.5, Number.NaN]) expect(() => rankingOverlap(['a'], ['a'], k)).toThrow(/^k must be/);
    for (const p of [0, 1, -0.5, 1.5, Number.NaN]) expect(() => rankingOverlap(['a'], ['a'], 1, p)).toThrow(/^p must be/);
  });
});

describe('numericRankingOverlap', () => {
  it('answers what rankingOverlap answers for the same rankings given as numbers, repeats and uneven lengths included', () => {
    // A fixed pseudo-random sequence: rankings of 0 to 14 ids drawn from 20, so repeats and shared ids are common.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const ranking = () => Array.from({ length: Math.floor(next() * 15) }, () => Math.floor(next() * 20) * 1e12 - 3);
    for (let n = 0; n < 500; n++) {
      const [a, b] = [ranking(), ranking()];
      const k = 1 + Math.floor(next() * 12);
      const p = [0.5, 0.9, 0.98][n % 3];
      // Both in one array at an offset, as a comparison keeps a run's rankings.
      const ids = Float64Array.from([42, ...a, ...b]);
      const expected = rankingOverlap(a.map(String), b.map(String), k, p);
      expect(numericRankingOverlap(ids, 1, a.length, ids, 1 + a.length, b.length, k, p), `${a} | ${b} @${k}`).toEqual(expected);
    }
  });
});
