// The golden set page's data: the API's shapes from server/schemas (types only), under the schemas' names.

export type { GradeScale, Judgement, JudgementInput, JudgementKeyQuery } from './judging-types';

/** Judgements per grade, keyed by the grade as text ("0", "2"); a grade nobody gave is absent. */
export type GradeCounts = Record<string, number>;

/**
 * One row of GET golden-sets/{id}/queries/; one entry of GET golden-sets/{id}/history/, newest first (old_grade
 * null = added, new_grade null = removed).
 */
export type { GoldenSetQuery, HistoryEntry } from '../../../server/schemas/judging';
