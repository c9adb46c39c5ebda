// The agreement report computed from counted grade patterns, as the database sends them, must be the report
// computed from every rating: checked on random ratings, with patterns sent in any order and split over rows.
import { describe, expect, it } from 'vitest';
import { agreementMeasures, agreementReport } from '../../../server/golden-sets/agreement/agreement-report';
import { gradePatterns, patternGrades, type CountedPattern } from '../../../server/golden-sets/agreement/grade-patterns';
import type { Rating } from '../../../server/golden-sets/agreement/ratings-by-pair';
import { randomRatings, seeded } from '../helpers/random-ratings';

/** What the database answers: each pair's `rater:grade` entries in a random order, counted per distinct string. */
function countedPatterns(ratings: readonly Rating[], random: () => number): CountedPattern[] {
  const byPair = new Map<string, Map<number, number>>();
  for (const { pair, rater, grade } of ratings) {
    if (!byPair.has(pair)) byPair.set(pair, new Map());
    byPair.get(pair)!.set(rater, grade);
  }
  const counted = new Map<string, number>();
  for (const grades of byPair.values()) {
    const entries = [...grades].map(([rater, grade]) => `${rater}:${grade}`);
    entries.sort(() => random() - 0.5);
    const pattern = entries.join(',');
    counted.set(pattern, (counted.get(pattern) ?? 0) + 1);
  }
  return [...counted].map(([pattern, pairs]) => ({ pattern, pairs }));
}

describe('agreement from counted grade patterns', () => {
  it.each([
    { seed: 1, raters: [3, 5, 8], humans: [3, 5], maxGrade: 3 },
    { seed: 2, raters: [1, 2, 3, 4, 40, 41], humans: [1, 2, 3, 4], maxGrade: 4 },
    { seed: 3, raters: [7, 9], humans: [7], maxGrade: 1 },
  ])(
    'equals the report from every rating (seed $seed, $raters.length raters, grades 0..$maxGrade)',
    ({ seed, raters, humans, maxGrade }) => {
      const random = seeded(seed);
      const ratings = randomRatings(random, 3000, raters, maxGrade);
      const options = { maxGrade, humans };
      const counted = countedPatterns(ratings, random);
      const { disagreements, ...fromRatings } = agreementReport(ratings, options);
      const fromCounts = agreementMeasures(gradePatterns(counted, maxGrade), options);
      expect(fromCounts).toEqual({ ...fromRatings, alpha_ordinal: expect.closeTo(fromRatings.alpha_ordinal!, 12) });
      expect(fromCounts.disagreements_total).toBe(disagreements.length);
      expect(fromCounts.pairs.length).toBeGreaterThan(0);
    },
  );

  it('counts a pattern once however its entries are ordered, and sorts its grades by rater', () => {
    const patterns = gradePatterns(
      [
        { pattern: '12:1,4:2', pairs: 3 },
        { pattern: '4:2,12:1', pairs: 2 },
        { pattern: '4:0', pairs: 1 },
      ],
      2,
    );
    expect(patterns.raters).toEqual([4, 12]);
    expect(Array.from(patterns.count)).toEqual([5, 1]);
    expect(patternGrades('12:1,4:2', 2)).toEqual([
      { rater: 4, grade: 2 },
      { rater: 12, grade: 1 },
    ]);
  });

  it('refuses a grade off the scale, a rater given twice and an entry that is not rater:grade', () => {
    expect(() => patternGrades('4:3', 2)).toThrow(/Grade 3 of rater 4 in 4:3 is outside 0..2/);
    expect(() => patternGrades('4:1,4:2', 2)).toThrow(/Rater 4 appears twice/);
    expect(() => patternGrades('4-1', 2)).toThrow(/not rater:grade/);
  });
});
