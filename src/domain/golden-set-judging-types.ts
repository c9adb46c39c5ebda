import type { GoldenSet } from './evaluation-backend-types';

// Issue 16's judging data as /work/notes/judging-api.md words it. Written here, not imported from
// server/schemas: the server's judging routes are built at the same time, against the same contract.

/** The golden set's scale: grades 0..max_grade, labels[g] names grade g (always max_grade + 1 labels). */
export type GradeScale = { max_grade: number; labels: string[] };

/** Judgements per grade, keyed by the grade as text ("0", "2"); a grade nobody gave is absent. */
export type GradeCounts = Record<string, number>;

/** GET golden-sets/{id}: the golden set with its scale, its grades, its version and last change. */
export type JudgedGoldenSet = GoldenSet & {
  scale: GradeScale;
  grade_counts: GradeCounts;
  /** Changes since upload. */
  version: number;
  /** The last judgement change; null when nothing changed since upload. */
  changed_at: string | null;
};

/** One row of GET golden-sets/{id}/queries/. */
export type JudgedQuery = { query: string; judgements: number; by_grade: GradeCounts };

/** One judgement of a query: name and image from the catalogue when it knows the product. */
export type Judgement = {
  product_id: string;
  grade: number;
  judged_by: string | null;
  judged_at: string;
  name: string | null;
  image_url: string | null;
};

/** PUT golden-sets/{id}/judgements/'s body: creates the judgement or changes its grade. */
export type JudgementPut = { goldenSetId: number; query: string; product_id: string; grade: number };

/** DELETE golden-sets/{id}/judgements/?query&product_id. */
export type JudgementDelete = { goldenSetId: number; query: string; product_id: string };

/** One entry of GET golden-sets/{id}/history/, newest first: old_grade null = added, new_grade null = removed. */
export type JudgementHistoryEntry = {
  id: number;
  version: number;
  query: string;
  product_id: string;
  old_grade: number | null;
  new_grade: number | null;
  changed_by: string | null;
  changed_at: string;
};
