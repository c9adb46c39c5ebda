import type { UnjudgedItem } from '../../../server/schemas/judging';
import type { GoldenSet } from '../experiments/evaluation-backend-types';

// The judging calls' answers as the console reads them, from the server's schemas (types only) where they are one.

/** A golden set's grades: 0..max_grade, labels[g] naming grade g. */
export type GradeScale = GoldenSet['scale'];

/** GET golden-sets/{id}: the golden set with its scale and the version its judgements are at. */
export type GoldenSetWithScale = GoldenSet & { scale: GradeScale; version?: number; changed_at?: string | null };

/** One (query, product) of a run's top k that the run's golden set does not judge. */
export type { UnjudgedItem } from '../../../server/schemas/judging';

/** A page of a run's unjudged items and how many there are in all (X-Total-Count). */
export type UnjudgedPage = { items: UnjudgedItem[]; total: number };

/** What PUT golden-sets/{id}/judgements/ takes. */
export type NewJudgement = { query: string; product_id: string; grade: number };

/** A judgement as the golden set keeps it, with the catalogue's name and image when it knows the product. */
export type { Judgement } from '../../../server/schemas/judging';

/** What a run says about the golden set it was scored against (GET experiment-runs/{id}). */
export type RunGoldenSetState = {
  golden_set_id?: number | null;
  golden_set_version?: number | null;
  golden_set_changed?: boolean;
  rescore_of?: number | null;
};

/** The judging queue's start: the run's golden set and its scale. */
export type JudgingTarget = { goldenSetId: number; scale: GradeScale };
