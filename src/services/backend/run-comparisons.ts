import type { ApiClient } from '../api-client';
import { downloadFile } from '../download-file';
import { pageQuery, totalOf } from '../paging';
import type { ComparisonPage, ComparisonParams, RunComparison } from '../../domain/compare/comparison-types';
import type { DownloadedFile } from '../../domain/experiments/evaluation-backend-types';
import type { PageRequest } from '../../domain/evaluations/evaluation-service-types';
import type { SegmentDeltas } from '../../domain/compare/segment-deltas';
import { comparisonFileName } from '../../domain/compare/comparison-file-name';

// run-comparisons/ on the evaluation backend (server/routes/backend/run-comparisons.ts): two finished runs
// compared, the paired summary with one page of queries, and every query of the same filter as CSV. A refusal
// (400 bad parameter, 404 no such run, 409 not finished or nothing in common) fails with the server's own
// sentence, which the page shows as its error.

export type RunComparisons = ReturnType<typeof createRunComparisons>;

export function createRunComparisons(api: ApiClient) {
  return {
    /** GET run-comparisons/?baseline&candidate&metric&filter&search&order&page&page_size → the comparison, X-Total-Count its rows. */
    compareRuns: async (params: ComparisonParams, page: PageRequest): Promise<ComparisonPage> => {
      const response = await api.raw<RunComparison>('run-comparisons/', { query: { ...params, ...pageQuery(page) } });
      if (!response._data) throw new Error('The comparison answer is empty.');
      return { comparison: response._data, total: totalOf(response.headers) };
    },

    /** GET run-comparisons/segments?baseline&candidate&metric&key → the metric's delta per value of the key, Holm-corrected. */
    segmentDeltas: (params: { baseline: number; candidate: number; metric: string; key: string }) =>
      api<SegmentDeltas>('run-comparisons/segments', { query: params }),

    /** GET run-comparisons/results.csv with the same parameters (no page) → every row, `run-A-vs-run-B-<metric>[-<key>-<value>].csv`. */
    exportComparison: (params: ComparisonParams): Promise<DownloadedFile> => {
      const query = new URLSearchParams(params);
      return downloadFile(api, `run-comparisons/results.csv?${query}`, comparisonFileName(params));
    },
  };
}
