import type { FetchResponse } from 'ofetch';
import type { ApiClient, ApiFetch } from './api-client';
import { filenameFromContentDisposition } from './download-file';
import { listComparableRuns } from './comparable-runs';
import { explained, foundOrNull } from './failure-message';
import type { FormPoster } from './upload-csv';
import type { GoldenSetUpload } from '../domain/golden-sets/golden-set-upload';
import type { Page, PageRequest } from '../domain/evaluations/evaluation-service-types';
import { createScriptNameCache, withScriptNames, type ExperimentRow } from '../domain/experiments/script-names';
import type { ListedRun } from '../domain/experiments/workbench-types';
import {
  goldenSetExportFormats,
  runExportFormats,
  type DownloadedFile,
  EvaluationScript,
  Experiment,
  ExperimentRun,
  ExperimentRunDetails,
  ExperimentRunResult,
  GoldenSet,
  GoldenSetChanges,
  GoldenSetExportFormat,
  ResultsPage,
  RunExportFormat,
} from '../domain/experiments/evaluation-backend-types';

// The separate evaluation backend: one typed function per call, paths exactly as the API names them
// (trailing slashes included), relative to the client's base URL, throwing as ofetch raised.
// createEvaluationBackend makes of them one method per call a screen's machine makes, each failure
// explained by the server's message.

const pageQuery = (page: number, pageSize: number) => ({ page, page_size: pageSize });

/** GET experiments/?page&page_size → an array of experiments. */
export function listExperiments(api: ApiFetch, page: number, pageSize: number): Promise<Experiment[]> {
  return api<Experiment[]>('experiments/', { query: pageQuery(page, pageSize) });
}

/** GET experiment-runs/by_experiment/{experimentId} → every run of one experiment (unpaged), each with its summary. */
export function listRunsByExperiment(api: ApiFetch, experimentId: number): Promise<ListedRun[]> {
  return api<ListedRun[]>(`experiment-runs/by_experiment/${encodeURIComponent(experimentId)}`);
}

/** POST experiments/{experimentId}/runs → 202 with the new run (pending); 409 when the experiment cannot run. */
export function startRun(api: ApiFetch, experimentId: number, tags?: string[]): Promise<ExperimentRun> {
  return api<ExperimentRun>(`experiments/${encodeURIComponent(experimentId)}/runs`, {
    method: 'POST',
    body: tags === undefined ? {} : { tags },
  });
}

/** GET experiment-runs/{runId} → the run, its progress and the mean metrics of its results so far. */
export function getRun(api: ApiFetch, runId: number): Promise<ExperimentRunDetails> {
  return api<ExperimentRunDetails>(`experiment-runs/${encodeURIComponent(runId)}`);
}

/** POST experiment-runs/{runId}/cancel → the run, cancelled; 409 when it has already finished. */
export function cancelRun(api: ApiFetch, runId: number): Promise<ExperimentRun> {
  return api<ExperimentRun>(`experiment-runs/${encodeURIComponent(runId)}/cancel`, { method: 'POST' });
}

/**
 * GET a file with the bearer token (so no token in a URL), byte for byte (a CSV's BOM included), named by its
 * Content-Disposition or else by `fallbackName`.
 */
export async function downloadFile(api: ApiClient, path: string, fallbackName: string): Promise<DownloadedFile> {
  const response = await api.raw<Blob, 'blob'>(path, { responseType: 'blob', onResponseError: readRefusalAsJson });
  return {
    blob: response._data ?? new Blob([], { type: response.headers.get('Content-Type') ?? 'application/octet-stream' }),
    filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallbackName,
  };
}

/** A refusal answers JSON `{message}`, which `responseType: 'blob'` left as bytes: parse it, so the message reaches the person. */
async function readRefusalAsJson({ response }: { response: FetchResponse<unknown> }): Promise<void> {
  const body = response._data as Blob | undefined;
  if (typeof body?.text !== 'function') return;
  const text = await body.text();
  try {
    response._data = JSON.parse(text);
  } catch {
    response._data = text;
  }
}

const runExportFiles: Record<RunExportFormat, { path: string; fallbackName: (runId: number) => string }> = {
  csv: { path: 'results.csv', fallbackName: (runId) => `run-${runId}-results.csv` },
  trec: { path: 'results.trec', fallbackName: (runId) => `run-${runId}.trec` },
  qrels: { path: 'results.qrels', fallbackName: (runId) => `run-${runId}.qrels` },
  queries: { path: 'results.queries.tsv', fallbackName: (runId) => `run-${runId}.queries.tsv` },
};

/** GET experiment-runs/{runId}/results.csv, .trec, .qrels or .queries.tsv as a file to save. */
export function downloadRunResults(api: ApiClient, runId: number, format: RunExportFormat): Promise<DownloadedFile> {
  const { path, fallbackName } = runExportFiles[format];
  return downloadFile(api, `experiment-runs/${encodeURIComponent(runId)}/${path}`, fallbackName(runId));
}

const goldenSetExtensions: Record<GoldenSetExportFormat, string> = { csv: 'csv', qrels: 'qrels', queries: 'queries.tsv' };

/** GET golden-sets/{id}/export.csv, export.qrels or export.queries.tsv as a file to save (golden-set-{id}.…). */
export function downloadGoldenSet(api: ApiClient, id: number, format: GoldenSetExportFormat): Promise<DownloadedFile> {
  const extension = goldenSetExtensions[format];
  return downloadFile(api, `golden-sets/${encodeURIComponent(id)}/export.${extension}`, `golden-set-${id}.${extension}`);
}

/**
 * GET experiment-runs/{runId}/results?page&page_size with the screen's filter (status, search, sort, order) →
 * the page, with X-Total-Count (and X-Total-Count-Capped) as the total of the matches.
 */
export async function listRunResults(
  api: ApiClient,
  runId: number,
  page: number,
  pageSize: number,
  filter: Record<string, string> = {},
): Promise<Page<ExperimentRunResult>> {
  const response = await api.raw<ExperimentRunResult[]>(`experiment-runs/${encodeURIComponent(runId)}/results`, {
    query: { ...filter, ...pageQuery(page, pageSize) },
  });
  const total = Number(response.headers.get('X-Total-Count') ?? NaN);
  const capped = response.headers.get('X-Total-Count-Capped') === 'true';
  return { items: response._data ?? [], total: Number.isSafeInteger(total) && total >= 0 ? total : null, ...(capped ? { capped } : {}) };
}

/** GET evaluation-scripts/?page&page_size → {results: scripts}. */
export function listScripts(api: ApiFetch, page: number, pageSize: number): Promise<ResultsPage<EvaluationScript>> {
  return api<ResultsPage<EvaluationScript>>('evaluation-scripts/', { query: pageQuery(page, pageSize) });
}

/** GET evaluation-scripts/{id} → one script. */
export function getScript(api: ApiFetch, scriptId: number): Promise<EvaluationScript> {
  return api<EvaluationScript>(`evaluation-scripts/${encodeURIComponent(scriptId)}`);
}

/** GET evaluation-scripts/{id}/experiments?page&page_size → {results: experiments} of one script. */
export function listScriptExperiments(api: ApiFetch, scriptId: number, page: number, pageSize: number): Promise<ResultsPage<Experiment>> {
  return api<ResultsPage<Experiment>>(`evaluation-scripts/${encodeURIComponent(scriptId)}/experiments`, {
    query: pageQuery(page, pageSize),
  });
}

/** GET golden-sets/?page&page_size → {count, results}, newest first. */
function listGoldenSets(api: ApiFetch, page: number, pageSize: number): Promise<{ count: number; results: GoldenSet[] }> {
  return api<{ count: number; results: GoldenSet[] }>('golden-sets/', { query: pageQuery(page, pageSize) });
}

/** PATCH golden-sets/{id} → the golden set as saved (409 for a name already taken). */
function updateGoldenSet(api: ApiFetch, id: number, changes: GoldenSetChanges): Promise<GoldenSet> {
  return api<GoldenSet>(`golden-sets/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

/** DELETE golden-sets/{id}. */
async function deleteGoldenSet(api: ApiFetch, id: number): Promise<void> {
  await api(`golden-sets/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Every script for a dropdown is read in pages this big, up to this many pages. */
const OPTIONS_PAGE_SIZE = 20;
const OPTIONS_MAX_PAGES = 50;
/** Golden sets come from this server only, whose pages go up to 1,000: one call for most. */
const GOLDEN_SET_OPTIONS_PAGE_SIZE = 200;

export type EvaluationBackend = ReturnType<typeof createEvaluationBackend>;

/** The calls over the session's client; golden sets upload as multipart to `baseURL` through `postForm`. */
export function createEvaluationBackend(api: ApiClient, baseURL: string, postForm: FormPoster) {
  // Each distinct script of the experiments is fetched once (for this page load) to show its name.
  const scriptNames = createScriptNameCache((id) => getScript(api, id));
  const named = async (experiments: Experiment[]): Promise<ExperimentRow[]> =>
    withScriptNames(experiments, await scriptNames.namesOf(experiments.map((row) => row.evaluation_script_id)));
  /** A page of rows; these calls send no total. */
  const rows = async <T>(items: Promise<T[]>): Promise<Page<T>> => ({ items: await explained(items), total: null });
  // The product specification shows an experiments list's failure as 'Failed to fetch experiments… Error: ' and
  // the fetch error itself (method, address, status), so these two fail as ofetch raised them.
  const fetchedRows = async <T>(items: Promise<T[]>): Promise<Page<T>> => ({ items: await items, total: null });

  return {
    experimentRows: ({ page, pageSize }: PageRequest) => fetchedRows(listExperiments(api, page, pageSize).then(named)),

    scriptExperimentRows: (scriptId: number, { page, pageSize }: PageRequest) =>
      fetchedRows(listScriptExperiments(api, scriptId, page, pageSize).then(({ results }) => named(results))),

    scriptRows: ({ page, pageSize }: PageRequest) => rows(listScripts(api, page, pageSize).then(({ results }) => results)),

    /** Every script as a choice of 'Filter by Script': page by page until a short page. */
    allScriptOptions: async (): Promise<Array<Pick<EvaluationScript, 'id' | 'name'>>> => {
      const options: Array<Pick<EvaluationScript, 'id' | 'name'>> = [];
      for (let page = 1; page <= OPTIONS_MAX_PAGES; page += 1) {
        const { results } = await explained(listScripts(api, page, OPTIONS_PAGE_SIZE));
        options.push(...results.map(({ id, name }) => ({ id, name })));
        if (results.length < OPTIONS_PAGE_SIZE) break;
      }
      return options;
    },

    /** The script, or null when the server has none of that id. */
    findScript: (scriptId: number) => foundOrNull(getScript(api, scriptId)),

    /** The experiment's runs, or null when the server has no such experiment. */
    runsOfExperiment: (experimentId: number) => foundOrNull(listRunsByExperiment(api, experimentId)),

    startRun: (experimentId: number, tags: string[] = []) => explained(startRun(api, experimentId, tags.length > 0 ? tags : undefined)),

    getRun: (runId: number) => explained(getRun(api, runId)),

    /** The run (its summary), or null when the server has no such run. */
    findRun: (runId: number) => foundOrNull(getRun(api, runId)),

    cancelRun: (runId: number) => explained(cancelRun(api, runId)),

    /** A page of the finished runs the run can be compared with, newest first. */
    comparableRuns: (runId: number, { page, pageSize }: PageRequest) => explained(listComparableRuns(api, runId, page, pageSize)),

    runResultRows: (runId: number, { page, pageSize }: PageRequest, filter: Record<string, string> = {}) =>
      explained(listRunResults(api, runId, page, pageSize, filter)),

    /** The run's results as a file; a format it does not offer fails like a refusal. */
    exportRun: (runId: number, format: string) => {
      const offered = runExportFormats.find((known) => known === format);
      if (offered === undefined) return Promise.reject(new Error(`There is no ${format} export.`));
      return explained(downloadRunResults(api, runId, offered));
    },

    goldenSetRows: async ({ page, pageSize }: PageRequest): Promise<Page<GoldenSet>> => {
      const { count, results } = await explained(listGoldenSets(api, page, pageSize));
      return { items: results, total: count };
    },

    /** Every golden set as a choice of a picker (id and name): page by page until a short page. */
    goldenSetOptions: async (): Promise<Array<Pick<GoldenSet, 'id' | 'name'>>> => {
      const options: Array<Pick<GoldenSet, 'id' | 'name'>> = [];
      for (let page = 1; page <= OPTIONS_MAX_PAGES; page += 1) {
        const { results } = await explained(listGoldenSets(api, page, GOLDEN_SET_OPTIONS_PAGE_SIZE));
        options.push(...results.map(({ id, name }) => ({ id, name })));
        if (results.length < GOLDEN_SET_OPTIONS_PAGE_SIZE) break;
      }
      return options;
    },

    /** How many golden sets there are: the list's total. */
    countGoldenSets: async () => (await explained(listGoldenSets(api, 1, 1))).count,

    /** The experiments' total, from X-Total-Count of a one-row page. */
    countExperiments: async () => {
      const response = await explained(api.raw('experiments/', { query: pageQuery(1, 1) }));
      const total = Number(response.headers.get('X-Total-Count'));
      if (!Number.isSafeInteger(total) || total < 0) throw new Error('The experiments answer has no X-Total-Count.');
      return total;
    },

    /** POST golden-sets/ as multipart: the text fields first (the server reads them before the files). */
    uploadGoldenSet: async (upload: GoldenSetUpload): Promise<void> => {
      const url = `${baseURL.replace(/\/+$/, '')}/golden-sets/`;
      await explained(
        postForm(url, () => {
          const form = new FormData();
          form.append('name', upload.name);
          form.append('description', upload.description);
          form.append('market', upload.market);
          form.append('format', upload.format);
          if (upload.maxGrade) form.append('max_grade', upload.maxGrade);
          if (upload.gradeLabels) form.append('grade_labels', upload.gradeLabels);
          form.append('file', upload.file, upload.file.name);
          if (upload.format === 'trec' && upload.queries) form.append('queries', upload.queries, upload.queries.name);
          return form;
        }),
      );
    },

    updateGoldenSet: async (id: number, changes: GoldenSetChanges): Promise<void> => {
      await explained(updateGoldenSet(api, id, changes));
    },

    deleteGoldenSet: (id: number) => explained(deleteGoldenSet(api, id)),

    /** The golden set's judgements as a file; a format it does not offer fails like a refusal. */
    exportGoldenSet: (id: number, format: string) => {
      const offered = goldenSetExportFormats.find((known) => known === format);
      if (offered === undefined) return Promise.reject(new Error(`There is no ${format} export.`));
      return explained(downloadGoldenSet(api, id, offered));
    },
  };
}
