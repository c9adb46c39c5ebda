// Cohen's κ with quadratic weights (Cohen 1968; Fleiss & Cohen 1973), checked against a published value and
// against a case small enough to work out by hand.
import { describe, expect, it } from 'vitest';
import { quadraticKappa } from '../../../server/golden-sets/agreement/quadratic-kappa';

/** The confusion matrix (row-major) of two raters' grades over the same items. */
function confusionOf(first: number[], second: number[], categories: number): number[] {
  const matrix = new Array<number>(categories * categories).fill(0);
  first.forEach((grade, i) => matrix[grade * categories + second[i]]++);
  return matrix;
}

describe('quadraticKappa', () => {
  it("reproduces R irr's kappa2(anxiety[, 2:3], 'squared') = 0.2520325", () => {
    // The `anxiety` data of the R package irr (Gamer et al.): 20 subjects graded 1..6 by three raters; raters 2
    // and 3 below. The published value (also recorded in statsmodels' tests of cohens_kappa) counts the grades
    // that occur as the categories: nobody gave 5, so 1, 2, 3, 4, 6 are categories 0..4 here.
    const rater2 = [3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4];
    const rater3 = [2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2];
    const category = (grade: number) => [1, 2, 3, 4, 6].indexOf(grade);
    const kappa = quadraticKappa(confusionOf(rater2.map(category), rater3.map(category), 5), 5);
    expect(kappa).toBeCloseTo(0.2520325, 7);
  });

  it('gives 7/11 on a four-item case worked out by hand', () => {
    // Grades 0..2, so w = 1 − d²/4. A = 0 1 2 2, B = 0 2 2 1: p_o = (1 + 0.75 + 1 + 0.75) / 4 = 0.875;
    // margins A (1, 1, 2), B (1, 1, 2): p_e = 1 − Σ d² a_i b_j / (4 · 16) = 1 − 22/64 = 0.65625;
    // κ = (0.875 − 0.65625) / (1 − 0.65625) = 7/11.
    expect(quadraticKappa(confusionOf([0, 1, 2, 2], [0, 2, 2, 1], 3), 3)).toBeCloseTo(7 / 11, 12);
  });

  it('is 1 for raters who always agree, the same both ways round, and below 0 for raters who disagree more than chance', () => {
    expect(quadraticKappa(confusionOf([0, 1, 2, 3], [0, 1, 2, 3], 4), 4)).toBe(1);
    const [a, b] = [
      [0, 1, 1, 2, 3, 3, 0],
      [1, 1, 3, 2, 0, 3, 2],
    ];
    expect(quadraticKappa(confusionOf(a, b, 4), 4)).toBeCloseTo(quadraticKappa(confusionOf(b, a, 4), 4)!, 12);
    expect(quadraticKappa(confusionOf([0, 3, 0, 3], [3, 0, 3, 0], 4), 4)).toBe(-1);
  });

  it('is null, never NaN, when it is undefined: no items, both raters always one same grade, a one-grade scale', () => {
    expect(quadraticKappa(new Array(16).fill(0), 4)).toBeNull();
    expect(quadraticKappa(confusionOf([2, 2, 2], [2, 2, 2], 4), 4)).toBeNull();
    expect(quadraticKappa([5], 1)).toBeNull();
  });
});
