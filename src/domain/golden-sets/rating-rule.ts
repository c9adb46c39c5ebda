import type { GoldenSet } from '../experiments/evaluation-backend-types';
import type { Aggregate } from '../judging/golden-set-judging-types';

// How a golden set makes a pair's grade from its ratings, as its settings show and change it: the rule,
// how many ratings each pair should get, and whether an adjudication overrides the rule.

export type RatingRule = { aggregate: Aggregate; ratings_per_pair: number; prefer_adjudication: boolean };

/** The rules offered, each with the one line that says what it does (as the server computes it). */
export const AGGREGATE_RULES: ReadonlyArray<{ aggregate: Aggregate; name: string; rule: string }> = [
  { aggregate: 'single', name: 'Only rating', rule: 'The one rating a pair has (several give their mean).' },
  { aggregate: 'mean', name: 'Mean', rule: 'The mean of the ratings, rounded half up.' },
  { aggregate: 'median', name: 'Median', rule: 'The middle rating; of an even count, the lower middle.' },
  { aggregate: 'majority', name: 'Majority', rule: 'The grade given most often; a tie goes to the lower grade.' },
  {
    aggregate: 'pessimistic',
    name: 'Pessimistic',
    rule: 'Of three ratings or more, the three highest: their grade when they agree, else the lowest of them; fewer: the mean.',
  },
];

export const MIN_RATINGS_PER_PAIR = 1;
export const MAX_RATINGS_PER_PAIR = 10;

/** The set's rule as the server answers it; the server's defaults where an older answer lacks a field. */
export const ratingRuleOf = (set: GoldenSet): RatingRule => ({
  aggregate: set.aggregate ?? 'single',
  ratings_per_pair: set.ratings_per_pair ?? 1,
  prefer_adjudication: set.prefer_adjudication ?? true,
});

/** What is wrong with a draft before it is sent, or null. */
export const ratingRuleProblem = (draft: RatingRule): string | null =>
  Number.isInteger(draft.ratings_per_pair) &&
  draft.ratings_per_pair >= MIN_RATINGS_PER_PAIR &&
  draft.ratings_per_pair <= MAX_RATINGS_PER_PAIR
    ? null
    : `Ratings per pair must be a whole number from ${MIN_RATINGS_PER_PAIR} to ${MAX_RATINGS_PER_PAIR}.`;

/** What a save changed, as far as the answer tells: a new version means grades changed, the same version none. */
export const savedRuleNotice = (versionBefore: number, after: GoldenSet): string =>
  after.version > versionBefore ? `Saved. Grades changed: the golden set is now at version ${after.version}.` : 'Saved. No grade changed.';

/** "Median · 3 ratings per pair · adjudications preferred": the rule as the header states it. */
export const ratingRuleText = (rule: RatingRule): string =>
  [
    AGGREGATE_RULES.find((known) => known.aggregate === rule.aggregate)?.name ?? rule.aggregate,
    rule.ratings_per_pair === 1 ? '1 rating per pair' : `${rule.ratings_per_pair} ratings per pair`,
    rule.prefer_adjudication ? 'adjudications preferred' : 'adjudications as ratings',
  ].join(' · ');
