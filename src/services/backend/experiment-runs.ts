import type { ApiClient } from '../api-client';
import { downloadFile } from '../download-file';
import { foundOrNull } from '../failure-message';
import { headerPage, pageQuery, totalOf } from '../paging';
import type { ComparableRun } from '../../domain/compare/compare-links';
import type { Page, PageRequest } from '../../domain/evaluations/evaluation-service-types';
import {
  runExportFormats,
  type DownloadedFile,
  type ExperimentRun,
  type ExperimentRunDetails,
  type ExperimentRunResult,
  type RunExportFormat,
} from '../../domain/experiments/evaluation-backend-types';
import type { ListedRun } from '../../domain/experiments/workbench-types';
import type { UnjudgedItem, UnjudgedPage } from '../../domain/judging/judging-types';
import { DEFAULT_SCOPE, scopeParams, type ScopeChoice } from '../../domain/judging/queue-scope';
import { queuePageOf } from './queue-page';
import type { SegmentKey, SegmentMeans } from '../../domain/runs/segments';

// experiment-runs/ on the evaluation backend (server/routes/backend/experiment-runs.ts, and the runs' parts of
// run-judging.ts and run-comparisons.ts): a run started, read, cancelled and rescored, an experiment's runs, a
// run's results (to triage and as files), its unjudged pairs, and the runs it can be compared with.

const exportFiles: Record<RunExportFormat, { path: string; fallbackName: (runId: number) => string }> = {
  csv: { path: 'results.csv', fallbackName: (runId) => `run-${runId}-results.csv` },
  trec: { path: 'results.trec', fallbackName: (runId) => `run-${runId}.trec` },
  qrels: { path: 'results.qrels', fallbackName: (runId) => `run-${runId}.qrels` },
  queries: { path: 'results.queries.tsv', fallbackName: (runId) => `run-${runId}.queries.tsv` },
};

export type ExperimentRuns = ReturnType<typeof createExperimentRuns>;

export function createExperimentRuns(api: ApiClient) {
  const path = (runId: number) => `experiment-runs/${encodeURIComponent(runId)}`;

  /** GET experiment-runs/{runId} → the run, its progress and the mean metrics of its results so far. */
  const getRun = (runId: number) => api<ExperimentRunDetails>(path(runId));

  return {
    /** POST experiments/{experimentId}/runs → 202 with the new run (pending); 409 when the experiment cannot run. */
    startRun: (experimentId: number, tags: string[] = []) =>
      api<ExperimentRun>(`experiments/${encodeURIComponent(experimentId)}/runs`, {
        method: 'POST',
        body: tags.length > 0 ? { tags } : {},
      }),

    /** GET experiment-runs/by_experiment/{experimentId} → every run of one experiment (unpaged), each with its summary; null when there is no such experiment. */
    runsOfExperiment: (experimentId: number) =>
      foundOrNull(api<ListedRun[]>(`experiment-runs/by_experiment/${encodeURIComponent(experimentId)}`)),

    getRun,

    /** The run (its summary), or null when the server has no such run. */
    findRun: (runId: number) => foundOrNull(getRun(runId)),

    /** POST experiment-runs/{runId}/cancel → the run, cancelled; 409 when it has already finished. */
    cancelRun: (runId: number) => api<ExperimentRun>(`${path(runId)}/cancel`, { method: 'POST' }),

    /** POST experiment-runs/{runId}/rescore → 202 with the new run (a rescore of this one); 409 when it has not finished. */
    rescore: (runId: number) => api<ExperimentRun>(`${path(runId)}/rescore`, { method: 'POST' }),

    /**
     * GET experiment-runs/{runId}/results?page&page_size with the screen's filter (status, search, sort, order) →
     * the page, with X-Total-Count (and X-Total-Count-Capped) as the total of the matches.
     */
    runResultRows: async (runId: number, page: PageRequest, filter: Record<string, string> = {}): Promise<Page<ExperimentRunResult>> =>
      headerPage(await api.raw<ExperimentRunResult[]>(`${path(runId)}/results`, { query: { ...filter, ...pageQuery(page) } })),

    /** GET experiment-runs/{runId}/results.csv, .trec, .qrels or .queries.tsv as a file to save; a format it does not offer fails like a refusal. */
    exportRun: (runId: number, format: string): Promise<DownloadedFile> => {
      const offered = runExportFormats.find((known) => known === format);
      if (offered === undefined) return Promise.reject(new Error(`There is no ${format} export.`));
      const { path: file, fallbackName } = exportFiles[offered];
      return downloadFile(api, `${path(runId)}/${file}`, fallbackName(runId));
    },

    /** GET experiment-runs/{runId}/segment-keys → the metadata keys of the run's entries, with their number of values. */
    segmentKeys: async (runId: number): Promise<SegmentKey[]> => (await api<{ keys: SegmentKey[] }>(`${path(runId)}/segment-keys`)).keys,

    /** GET experiment-runs/{runId}/segments?key → the run's counts and means per value of the key, worst first. */
    segmentMeans: (runId: number, key: string) => api<SegmentMeans>(`${path(runId)}/segments`, { query: { key } }),

    /** GET experiment-runs/{runId}/unjudged/?scope&page&page_size → the person's queue: the page's pairs, X-Total-Count, X-Missing-Ratings. */
    unjudged: async (runId: number, page: number, pageSize: number, choice: ScopeChoice = DEFAULT_SCOPE): Promise<UnjudgedPage> =>
      queuePageOf(
        await api.raw<UnjudgedItem[]>(`${path(runId)}/unjudged/`, { query: { ...scopeParams(choice), ...pageQuery({ page, pageSize }) } }),
      ),

    /**
     * GET experiment-runs/{runId}/comparable-runs?page&page_size → `{runs}`: finished runs of any experiment that
     * share the run's dataset or golden set, newest first, with X-Total-Count as the total.
     */
    comparableRuns: async (runId: number, page: PageRequest): Promise<Page<ComparableRun>> => {
      const response = await api.raw<{ runs: ComparableRun[] }>(`${path(runId)}/comparable-runs`, { query: pageQuery(page) });
      return { items: response._data?.runs ?? [], total: totalOf(response.headers) };
    },
  };
}
