import type { ApiClient } from './api-client';
import { downloadFile } from './evaluation-backend';
import { explained } from './failure-message';
import type { ComparisonPage, ComparisonParams, RunComparison } from '../domain/compare/comparison-types';
import type { DownloadedFile } from '../domain/experiments/evaluation-backend-types';
import type { PageRequest } from '../domain/evaluations/evaluation-service-types';

// Comparing two finished runs on the evaluation backend: the paired summary with one page of
// queries, and every query of the same filter as CSV. A refusal (400 bad parameter, 404 no such run, 409 not
// finished or nothing in common) fails with the server's own sentence, which the page shows as its error.

/** GET run-comparisons/?baseline&candidate&metric&filter&search&order&page&page_size → the comparison, X-Total-Count its rows. */
async function getRunComparison(api: ApiClient, params: ComparisonParams, { page, pageSize }: PageRequest): Promise<ComparisonPage> {
  const response = await api.raw<RunComparison>('run-comparisons/', { query: { ...params, page, page_size: pageSize } });
  if (!response._data) throw new Error('The comparison answer is empty.');
  const total = Number(response.headers.get('X-Total-Count') ?? NaN);
  return { comparison: response._data, total: Number.isSafeInteger(total) && total >= 0 ? total : null };
}

/** GET run-comparisons/results.csv with the same parameters (no page) → every row, `run-A-vs-run-B-<metric>.csv`. */
function downloadRunComparison(api: ApiClient, params: ComparisonParams): Promise<DownloadedFile> {
  const query = new URLSearchParams(params);
  const fallbackName = `run-${params.baseline}-vs-run-${params.candidate}${params.metric ? `-${params.metric}` : ''}.csv`;
  return downloadFile(api, `run-comparisons/results.csv?${query}`, fallbackName);
}

export type RunComparisons = ReturnType<typeof createRunComparisons>;

export function createRunComparisons(api: ApiClient) {
  return {
    compareRuns: (params: ComparisonParams, page: PageRequest) => explained(getRunComparison(api, params, page)),
    exportComparison: (params: ComparisonParams) => explained(downloadRunComparison(api, params)),
  };
}
