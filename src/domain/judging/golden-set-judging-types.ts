// The golden set page's data: the API's shapes from server/schemas (types only), under the schemas' names.

export type { GradeScale, Judgement, JudgementInput, JudgementKeyQuery } from './judging-types';

/** Judgements per grade, keyed by the grade as text ("0", "2"); a grade nobody gave is absent. */
export type GradeCounts = Record<string, number>;

/**
 * One row of GET golden-sets/{id}/queries/; one entry of GET golden-sets/{id}/history/, newest first (old_grade
 * null = added, new_grade null = removed).
 */
export type { GoldenSetQuery, HistoryEntry } from '../../../server/schemas/judging';

/** One rater's grade of a pair, beside the pair's grade; a golden set's rater with how many pairs it rated. */
export type { Rater, Rating } from '../../../server/schemas/judging';

/** How far a golden set's raters agree (GET golden-sets/{id}/agreement). */
export type { Agreement } from '../../../server/schemas/agreement';

/** How a pair's ratings make its grade. */
export type { Aggregate } from '../../../server/schemas/golden-sets';
