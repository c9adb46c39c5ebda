import type { GoldenSet } from '../experiments/evaluation-backend-types';

// The golden set page's data: the API's shapes from server/schemas (types only), and what the
// page sends.

export type { GradeScale, Judgement } from './judging-types';

/** Judgements per grade, keyed by the grade as text ("0", "2"); a grade nobody gave is absent. */
export type GradeCounts = Record<string, number>;

/** GET golden-sets/{id}: the golden set with its scale, grade counts, version and last change. */
export type JudgedGoldenSet = GoldenSet;

/** One row of GET golden-sets/{id}/queries/. */
export type { GoldenSetQuery as JudgedQuery } from '../../../server/schemas/judging';

/** PUT golden-sets/{id}/judgements/'s body: creates the judgement or changes its grade. */
export type JudgementPut = { goldenSetId: number; query: string; product_id: string; grade: number };

/** DELETE golden-sets/{id}/judgements/?query&product_id. */
export type JudgementDelete = { goldenSetId: number; query: string; product_id: string };

/** One entry of GET golden-sets/{id}/history/, newest first: old_grade null = added, new_grade null = removed. */
export type { HistoryEntry as JudgementHistoryEntry } from '../../../server/schemas/judging';
