import type { UnjudgedItem } from '../../../server/schemas/judging';
import type { GoldenSet } from '../experiments/evaluation-backend-types';

// The judging calls' answers and requests as the console reads and sends them, from the server's schemas
// (types only) under the schemas' own names.

/** A golden set's grades: 0..max_grade, labels[g] naming grade g. */
export type GradeScale = GoldenSet['scale'];

/**
 * A judgement as the golden set keeps it (with the catalogue's name and image when it knows the product); what
 * PUT golden-sets/{id}/judgements/ takes; the key DELETE takes; one (query, product) of a run's top k that the
 * run's golden set does not judge.
 */
export type { Judgement, JudgementInput, JudgementKeyQuery, UnjudgedItem } from '../../../server/schemas/judging';

/** A page of a judge queue, how many pairs wait in all (X-Total-Count) and how many ratings are missing (null: not said). */
export type UnjudgedPage = { items: UnjudgedItem[]; total: number; missing: number | null };

/** What a run says about the golden set it was scored against (GET experiment-runs/{id}). */
export type RunGoldenSetState = {
  golden_set_id?: number | null;
  golden_set_version?: number | null;
  golden_set_changed?: boolean;
  rescore_of?: number | null;
};

/** The judging queue's start: the run's golden set and its scale. */
export type JudgingTarget = { goldenSetId: number; scale: GradeScale };

/** The start as read from the run itself, with the run's number in its experiment to name it by (null: none). */
export type RunJudgingTarget = JudgingTarget & { runNumber: number | null; setName?: string };
