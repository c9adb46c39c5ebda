import type { ApiClient } from './api-client';
import { getRun } from './evaluation-backend';
import { explained } from './failure-message';
import type { ExperimentRun } from '../domain/experiments/evaluation-backend-types';
import { goldenSetIdOf, NO_GOLDEN_SET } from '../domain/judging/judge-queue';
import type {
  GoldenSetWithScale,
  Judgement,
  JudgingTarget,
  NewJudgement,
  RunGoldenSetState,
  UnjudgedPage,
  UnjudgedItem,
} from '../domain/judging/judging-types';

// Judging from a run on the evaluation backend: the run's unjudged (query, product) pairs, a grade
// put into a golden set, the golden set's scale, and a rescore of a finished run. A refusal (400 a grade outside
// the scale, 404, 409 no golden set or not finished) fails with the server's own sentence.

/** Until the server sends a scale: the server's default, 0–3. */
const DEFAULT_SCALE = { max_grade: 3, labels: ['Poor', 'Fair', 'Good', 'Perfect'] };

/** GET experiment-runs/{id}/unjudged/?page&page_size → the page's pairs and X-Total-Count. */
async function listUnjudged(api: ApiClient, runId: number, page: number, pageSize: number): Promise<UnjudgedPage> {
  const response = await api.raw<UnjudgedItem[]>(`experiment-runs/${encodeURIComponent(runId)}/unjudged/`, {
    query: { page, page_size: pageSize },
  });
  const items = response._data ?? [];
  const total = Number(response.headers.get('X-Total-Count') ?? NaN);
  return { items, total: Number.isSafeInteger(total) && total >= 0 ? total : items.length };
}

export type RunJudging = ReturnType<typeof createRunJudging>;

export function createRunJudging(api: ApiClient) {
  const findGoldenSet = (id: number) => explained(api<GoldenSetWithScale>(`golden-sets/${encodeURIComponent(id)}`));
  return {
    unjudged: (runId: number, page: number, pageSize: number) => explained(listUnjudged(api, runId, page, pageSize)),

    /** PUT golden-sets/{id}/judgements/: creates the judgement or changes its grade. */
    judge: (goldenSetId: number, judgement: NewJudgement) =>
      explained(api<Judgement>(`golden-sets/${encodeURIComponent(goldenSetId)}/judgements/`, { method: 'PUT', body: judgement })),

    findGoldenSet,

    /** The scale of a golden set: what its grade keys go up to. */
    scaleOf: async (goldenSetId: number) => (await findGoldenSet(goldenSetId)).scale ?? DEFAULT_SCALE,

    /** The run's golden set and its scale; fails when the run has none. */
    judgingTarget: async (runId: number): Promise<JudgingTarget> => {
      const run = (await explained(getRun(api, runId))) as RunGoldenSetState & { config?: unknown };
      const goldenSetId = run.golden_set_id ?? goldenSetIdOf(run.config);
      if (!goldenSetId) throw new Error(NO_GOLDEN_SET);
      const goldenSet = await findGoldenSet(goldenSetId);
      return { goldenSetId, scale: goldenSet.scale ?? DEFAULT_SCALE };
    },

    /** POST experiment-runs/{id}/rescore → 202 with the new run (a rescore of this one). */
    rescore: (runId: number) => explained(api<ExperimentRun>(`experiment-runs/${encodeURIComponent(runId)}/rescore`, { method: 'POST' })),
  };
}
