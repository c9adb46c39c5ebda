/**
 * How a golden set makes one grade of a (query, product) out of its raters' grades: the rule is the set's
 * `aggregate`. Pure, so that a single change and a whole set's recount agree.
 */

import type { Aggregate } from '../schemas/golden-sets';

/** The mean, rounded half up (1.5 → 2), in whole numbers so that no float decides a tie. */
function roundedMean(grades: readonly number[]): number {
  const sum = grades.reduce((total, grade) => total + grade, 0);
  return Math.floor((2 * sum + grades.length) / (2 * grades.length));
}

/** The middle grade; of an even count, the lower of the two middle ones. */
function median(grades: readonly number[]): number {
  const sorted = [...grades].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The grade given most often; a tie goes to the lowest of the tied grades. */
function majority(grades: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const grade of grades) counts.set(grade, (counts.get(grade) ?? 0) + 1);
  let best = Infinity;
  let most = 0;
  for (const [grade, n] of counts) {
    if (n > most || (n === most && grade < best)) [best, most] = [grade, n];
  }
  return best;
}

/**
 * Quepid's pessimistic rule: of three ratings or more, the three highest decide, their common grade when
 * they agree, else the lowest of them; fewer ratings than three give their rounded mean.
 */
function pessimistic(grades: readonly number[]): number {
  if (grades.length < 3) return roundedMean(grades);
  const top = [...grades].sort((a, b) => b - a).slice(0, 3);
  return top[0] === top[2] ? top[0] : top[2];
}

const RULES: Record<Aggregate, (grades: readonly number[]) => number> = {
  // The only rating. Several ratings under `single` (a set whose rule changed back, or raters added) are
  // not an error: they give their mean rounded half up, as `mean` does.
  single: roundedMean,
  mean: roundedMean,
  median,
  majority,
  pessimistic,
};

/** The grades' aggregate by `rule`; undefined when there is none. */
export function aggregateGrade(rule: Aggregate, grades: readonly number[]): number | undefined {
  return grades.length === 0 ? undefined : RULES[rule](grades);
}

type RaterKind = 'person' | 'model' | 'clicks' | 'import';

/** One rating as the rules read it; `adjudication` marks a person's rating given to settle a disagreement. */
export interface RatedGrade {
  kind: RaterKind;
  grade: number;
  adjudication?: boolean;
}

/**
 * The pair's grade by `rule`. An import's grade stands in for raters nobody knows: once a known rater (a
 * person, a model, clicks) rates the pair, the known raters' grades decide and the import's is kept but not
 * counted, so that a curator correcting an uploaded grade changes it, as before raters. While the set prefers
 * adjudications, a pair's adjudication decides alone: the first in `ratings`, which callers list newest first.
 */
export function pairGrade(rule: Aggregate, ratings: readonly RatedGrade[], preferAdjudication = false): number | undefined {
  const adjudication = preferAdjudication ? ratings.find((rating) => rating.adjudication) : undefined;
  if (adjudication) return adjudication.grade;
  const known = ratings.filter((rating) => rating.kind !== 'import');
  return aggregateGrade(
    rule,
    (known.length > 0 ? known : ratings).map((rating) => rating.grade),
  );
}
