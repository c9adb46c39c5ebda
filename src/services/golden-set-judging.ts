import type { ApiClient } from './api-client';
import { explained, foundOrNull } from './failure-message';
import type { Page, PageRequest } from '../domain/evaluations/evaluation-service-types';
import type {
  GradeScale,
  JudgedGoldenSet,
  JudgedQuery,
  Judgement,
  JudgementDelete,
  JudgementHistoryEntry,
  JudgementPut,
} from '../domain/judging/golden-set-judging-types';

// Judging a golden set (server/routes/backend/judgements.ts) on the evaluation backend: the golden set with
// its scale, its queries, one query's judgements, a grade saved or removed, the history, the scale changed.
// Every refusal fails with the server's own sentence ("body.grade must be between 0 and 3 …").

const base = (id: number) => `golden-sets/${encodeURIComponent(id)}`;

export type GoldenSetJudging = ReturnType<typeof createGoldenSetJudging>;

export function createGoldenSetJudging(api: ApiClient) {
  return {
    /** GET golden-sets/{id}; null when there is no such golden set. */
    findGoldenSet: (id: number) => foundOrNull(api<JudgedGoldenSet>(base(id))),

    /** GET golden-sets/{id}/queries/?search&page&page_size → the page and its count. */
    queryRows: async (id: number, { page, pageSize }: PageRequest, filter: { search?: string } = {}): Promise<Page<JudgedQuery>> => {
      const { count, results } = await explained(
        api<{ count: number; results: JudgedQuery[] }>(`${base(id)}/queries/`, {
          query: { search: filter.search || undefined, page, page_size: pageSize },
        }),
      );
      return { items: results, total: count };
    },

    /** GET golden-sets/{id}/judgements/?query → best grade first; [] for a query nobody judged. */
    judgementsOf: (id: number, query: string) => explained(api<Judgement[]>(`${base(id)}/judgements/`, { query: { query } })),

    /** PUT golden-sets/{id}/judgements/ → the judgement as saved (creates it or changes its grade). */
    saveJudgement: ({ goldenSetId, query, product_id, grade }: JudgementPut) =>
      explained(api<Judgement>(`${base(goldenSetId)}/judgements/`, { method: 'PUT', body: { query, product_id, grade } })),

    /** DELETE golden-sets/{id}/judgements/?query&product_id → 204. */
    removeJudgement: async ({ goldenSetId, query, product_id }: JudgementDelete): Promise<void> => {
      await explained(api(`${base(goldenSetId)}/judgements/`, { method: 'DELETE', query: { query, product_id } }));
    },

    /** GET golden-sets/{id}/history/?page&page_size → newest first. */
    historyRows: async (id: number, { page, pageSize }: PageRequest): Promise<Page<JudgementHistoryEntry>> => {
      const { count, results } = await explained(
        api<{ count: number; results: JudgementHistoryEntry[] }>(`${base(id)}/history/`, { query: { page, page_size: pageSize } }),
      );
      return { items: results, total: count };
    },

    /** PATCH golden-sets/{id} with the scale; 409 when judgements lie above the new highest grade. */
    updateScale: async (id: number, scale: GradeScale): Promise<void> => {
      await explained(api<JudgedGoldenSet>(base(id), { method: 'PATCH', body: { scale } }));
    },
  };
}
