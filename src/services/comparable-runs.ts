import type { ApiClient } from './api-client';
import type { ComparableRun } from '../domain/compare/compare-links';
import type { Page } from '../domain/evaluations/evaluation-service-types';

// The runs one run can be compared with, for its "Compare with…" dialog.

/**
 * GET experiment-runs/{runId}/comparable-runs?page&page_size → `{runs}`: finished runs of any experiment that
 * share the run's dataset or golden set, newest first, with X-Total-Count as the total.
 */
export async function listComparableRuns(api: ApiClient, runId: number, page: number, pageSize: number): Promise<Page<ComparableRun>> {
  const response = await api.raw<{ runs: ComparableRun[] }>(`experiment-runs/${encodeURIComponent(runId)}/comparable-runs`, {
    query: { page, page_size: pageSize },
  });
  const total = Number(response.headers.get('X-Total-Count') ?? NaN);
  return { items: response._data?.runs ?? [], total: Number.isSafeInteger(total) && total >= 0 ? total : null };
}
