// Krippendorff's α with missing data, checked against the author's own worked example: K. Krippendorff (2011),
// "Computing Krippendorff's Alpha-Reliability", Annenberg School for Communication, University of Pennsylvania
// (repository.upenn.edu/asc_papers/43), the example of 4 observers × 12 units, values 1..5, some missing. Published:
// n.. = 40 pairable values, the coincidence matrix below, nominal α = 0.743, ordinal α = 0.815, interval α = 0.849.
import { describe, expect, it } from 'vitest';
import { coincidenceMatrix, krippendorffAlpha, pairableValues } from '../../../server/golden-sets/agreement/krippendorff-alpha';
import { groupByPair, type Rating } from '../../../server/golden-sets/agreement/ratings-by-pair';

const _ = null;
/** Observers A to D (rows) over units 1 to 12 (columns); null where an observer gave no value. */
const RELIABILITY_DATA = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],
  [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],
];
const ratings: Rating[] = RELIABILITY_DATA.flatMap((values, observer) =>
  values.flatMap((grade, unit) => (grade === null ? [] : [{ pair: `unit ${unit + 1}`, rater: observer + 1, grade }])),
);
// Grades 0..5: no one gave 0, which changes none of the three metrics.
const CATEGORIES = 6;

describe("Krippendorff's α", () => {
  const coincidences = coincidenceMatrix(groupByPair(ratings, 5), CATEGORIES);

  it("builds the paper's coincidence matrix, unit 12 (one value) left out", () => {
    const third = 1 / 3;
    const published = [
      [7, 4 * third, third, third, 0],
      [4 * third, 10, 4 * third, third, 0],
      [third, 4 * third, 8, third, 0],
      [third, third, third, 4, 0],
      [0, 0, 0, 0, 3],
    ];
    published.forEach((row, c) => row.forEach((o, k) => expect(coincidences[(c + 1) * CATEGORIES + k + 1]).toBeCloseTo(o, 12)));
    expect(pairableValues(coincidences)).toBe(40);
  });

  it('gives the published α for the ordinal metric, and for the nominal and interval ones', () => {
    expect(krippendorffAlpha(coincidences, CATEGORIES, 'ordinal')!.toFixed(3)).toBe('0.815');
    expect(krippendorffAlpha(coincidences, CATEGORIES, 'nominal')!.toFixed(3)).toBe('0.743');
    expect(krippendorffAlpha(coincidences, CATEGORIES, 'interval')!.toFixed(3)).toBe('0.849');
  });

  it('is null when nothing can be paired or every pairable value is the same', () => {
    const lone = groupByPair([{ pair: 'q', rater: 1, grade: 2 }], 3);
    expect(krippendorffAlpha(coincidenceMatrix(lone, 4), 4, 'ordinal')).toBeNull();
    const same = groupByPair(
      [1, 2, 3].map((rater) => ({ pair: 'q', rater, grade: 2 })),
      3,
    );
    expect(krippendorffAlpha(coincidenceMatrix(same, 4), 4, 'ordinal')).toBeNull();
  });
});
