// The agreement report a curator reads for a golden set: measures per two raters, α across all, each rater
// against the humans' consensus, and the pairs to look at first. Values are worked out by hand in the comments.
import { describe, expect, it } from 'vitest';
import { agreementReport } from '../../../server/golden-sets/agreement/agreement-report';
import type { Rating } from '../../../server/golden-sets/agreement/ratings-by-pair';

const HUMANS = [1, 2, 3];
const MODEL = 9;
/** Grades 0..3 from three people, a language model (9) and a rater of a single pair (7). */
function grades(table: Record<string, Record<number, number>>): Rating[] {
  return Object.entries(table).flatMap(([pair, byRater]) =>
    Object.entries(byRater).map(([rater, grade]) => ({ pair, rater: Number(rater), grade })),
  );
}
const ratings = grades({
  'sofa|p1': { 1: 3, 2: 2, 3: 0, 9: 2 },
  'sofa|p2': { 1: 0, 2: 1 },
  'lamp|p1': { 1: 1, 9: 1 },
  'lamp|p2': { 2: 2, 9: 3 },
  'rug|p1': { 9: 0 },
  'rug|p2': { 7: 3 },
});

describe('agreementReport', () => {
  const report = agreementReport(ratings, { maxGrade: 3, humans: HUMANS });

  it('lists the raters, and every two raters who graded a same pair with their confusion matrix', () => {
    expect(report.raters).toEqual([1, 2, 3, 7, 9]);
    expect(report.pairs.map((p) => [p.rater_a, p.rater_b, p.shared])).toEqual([
      [1, 2, 2],
      [1, 3, 1],
      [1, 9, 2],
      [2, 3, 1],
      [2, 9, 2],
      [3, 9, 1],
    ]);
    const [oneAndNine] = report.pairs.filter((p) => p.rater_a === 1 && p.rater_b === MODEL);
    // Rows rater 1's grade, columns the model's: (3, 2) on sofa|p1, (1, 1) on lamp|p1.
    expect(oneAndNine.confusion).toEqual([
      [0, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 1, 0],
    ]);
    expect(oneAndNine.exact_agreement).toBe(0.5);
    // n = 2, Σ d² n_ij = 1, margins rows (0, 1, 0, 1), columns (0, 1, 1, 0): Σ d² r_i c_j = 0 + 1 + 4 + 1 = 6;
    // κ = 1 − 2 · 1 / 6 = 2/3.
    expect(oneAndNine.kappa_quadratic).toBeCloseTo(2 / 3, 12);
  });

  it("judges each rater against the median of the other humans' grades, the lower middle one when they are even", () => {
    const byRater = Object.fromEntries(report.vs_consensus.map((c) => [c.rater, c]));
    // The model: sofa|p1 against the median of 3, 2, 0 (2); lamp|p1 against 1; lamp|p2 against 2; rug|p1 has no human.
    // Its grades (2, 1, 3) against consensus (2, 1, 2): n = 3, Σ d² n_ij = 1, Σ d² r_i c_j = 2 + 1 + 6 = 9: κ = 2/3.
    expect(byRater[MODEL].shared).toBe(3);
    expect(byRater[MODEL].kappa_quadratic).toBeCloseTo(2 / 3, 12);
    // Rater 1 is judged without itself: sofa|p1 against the lower middle of 2 and 0 (0), sofa|p2 against 1;
    // lamp|p1 no other human graded. Grades (3, 0) against (0, 1): Σ d² n_ij = 9 + 1 = 10,
    // rows (1, 0, 0, 1) × columns (1, 1, 0, 0): Σ d² r_i c_j = 0 + 1 + 9 + 4 = 14: κ = 1 − 2 · 10 / 14 = −3/7.
    expect(byRater[1].shared).toBe(2);
    expect(byRater[1].kappa_quadratic).toBeCloseTo(-3 / 7, 12);
    // Rater 3 graded one pair, against the lower middle of 3 and 2; rater 7's only pair has no human beside it.
    expect(byRater[3].shared).toBe(1);
    expect(byRater[7]).toEqual({ rater: 7, shared: 0, kappa_quadratic: null });
  });

  it('lists the pairs graded differently, the widest spread first, then by pair', () => {
    expect(report.disagreements).toEqual([
      {
        pair: 'sofa|p1',
        grades: [
          { rater: 1, grade: 3 },
          { rater: 2, grade: 2 },
          { rater: 3, grade: 0 },
          { rater: 9, grade: 2 },
        ],
        spread: 3,
      },
      {
        pair: 'lamp|p2',
        grades: [
          { rater: 2, grade: 2 },
          { rater: 9, grade: 3 },
        ],
        spread: 1,
      },
      {
        pair: 'sofa|p2',
        grades: [
          { rater: 1, grade: 0 },
          { rater: 2, grade: 1 },
        ],
        spread: 1,
      },
    ]);
  });

  it("reports Krippendorff's ordinal α and n.. of his published example (0.815 over 40 pairable values)", () => {
    // K. Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", its example of observers A–D over units 1–12.
    const example = [
      [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
      [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
      [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
      [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
    ].flatMap((values, observer) =>
      values.flatMap((grade, unit) => (grade === null ? [] : [{ pair: `u${unit}`, rater: observer, grade }])),
    );
    const published = agreementReport(example, { maxGrade: 5, humans: [0, 1, 2, 3] });
    expect(published.alpha_ordinal!.toFixed(3)).toBe('0.815');
    expect(published.pairable).toBe(40);
    // Observers A and B share units 1–9 and differ on unit 6 only.
    expect(published.pairs[0]).toMatchObject({ rater_a: 0, rater_b: 1, shared: 9, exact_agreement: 8 / 9 });
  });

  it('counts a rater who graded a pair twice once, with the later grade', () => {
    const twice = agreementReport(
      [
        { pair: 'q', rater: 1, grade: 0 },
        { pair: 'q', rater: 2, grade: 2 },
        { pair: 'q', rater: 1, grade: 2 },
      ],
      { maxGrade: 2, humans: [1, 2] },
    );
    expect(twice.pairs).toMatchObject([{ rater_a: 1, rater_b: 2, shared: 1, exact_agreement: 1 }]);
    expect(twice.disagreements).toEqual([]);
    expect(twice.pairable).toBe(2);
  });

  it('answers an empty report for a golden set without ratings, and refuses grades off the scale', () => {
    expect(agreementReport([], { maxGrade: 3, humans: HUMANS })).toEqual({
      raters: [],
      pairs: [],
      alpha_ordinal: null,
      pairable: 0,
      vs_consensus: [],
      disagreements_total: 0,
      disagreements: [],
    });
    expect(() => agreementReport([{ pair: 'q', rater: 1, grade: 4 }], { maxGrade: 3, humans: HUMANS })).toThrow(/outside 0..3/);
    expect(() => agreementReport([{ pair: 'q', rater: 1, grade: 1.5 }], { maxGrade: 3, humans: HUMANS })).toThrow(RangeError);
  });
});
