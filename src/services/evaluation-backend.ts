import type { FetchResponse } from 'ofetch';
import type { ApiClient, ApiFetch } from './api-client';
import { filenameFromContentDisposition } from './download-file';

// The separate evaluation backend of spec §7: one typed function per call, paths exactly as the spec
// writes them (trailing slashes included), relative to the client's base URL. Errors are thrown as
// ofetch raised them; the machines decide what a person sees.

/** Spec §3 "Experiment". */
export type Experiment = {
  id: number;
  name: string;
  evaluation_script_id: number;
  dataset_id: number;
  description: string;
  created_at: string;
  updated_at: string;
};

/** Spec §3 "Evaluation script". */
export type EvaluationScript = {
  id: number;
  name: string;
  description: string;
  cost_per_evaluation: number;
  script_class: string;
  script_module: string;
  output_schema: Record<string, unknown>;
};

/** How far a run got: results written so far out of the golden set's queries. */
export type RunProgress = { done: number; total: number };

/** Spec §3 "Experiment run"; runs started from the console also carry their progress and failure. */
export type ExperimentRun = {
  id: number;
  evaluation_script_name: string;
  tags: string[];
  /** pending, running, success, failed or cancelled (older runs may say something else). */
  status: string;
  total_cost: number;
  created_at: string;
  updated_at: string;
  progress?: RunProgress;
  error?: string | null;
};

/** The mean of each metric over a run's results so far, with the counts of its outcomes. */
export type RunSummary = {
  results: number;
  passed: number;
  failed: number;
  /** Results whose query the golden set does not judge (no metrics). */
  unjudged?: number;
  errors: number;
  /** Each metric's mean over the scored (PASS and FAIL) results. */
  mean_metrics: Record<string, number>;
};

/** GET experiment-runs/{runId}: one run with its experiment and summary. */
export type ExperimentRunDetails = ExperimentRun & { experiment_id: number; summary: RunSummary };

/** One product a search returned (spec §3 "search_results"). */
export type SearchResultProduct = {
  product_id: string;
  name?: string;
  image_url?: string;
};

/** One judged product of the golden set (spec §3 "golden_set"). */
export type GoldenSetProduct = {
  product_id: string;
  relevance: number;
};

/** Spec §3 "Run result 'results'". */
export type RunResultDetails = {
  metrics?: Record<string, number>;
  search_results?: SearchResultProduct[];
  golden_set?: GoldenSetProduct[];
  commons?: string[];
  missings?: string[];
  leftovers?: string[];
};

/** Spec §3 "Run result 'result'". */
export type RunResultOutcome = {
  input: string;
  status: string;
  version?: string;
  test_result?: string;
  results?: RunResultDetails;
};

/** Spec §3 "Experiment run result". */
export type ExperimentRunResult = {
  id: number;
  experiment_configuration: Record<string, unknown>;
  created_at: string;
  result: RunResultOutcome;
};

/** The scripts calls answer an object with a results array (spec §7); the reference server adds the total. */
export type ResultsPage<T> = {
  results: T[];
  count?: number;
};

const pageQuery = (page: number, pageSize: number) => ({ page, page_size: pageSize });

/** GET experiments/?page&page_size → an array of experiments. */
export function listExperiments(api: ApiFetch, page: number, pageSize: number): Promise<Experiment[]> {
  return api<Experiment[]>('experiments/', { query: pageQuery(page, pageSize) });
}

/** GET experiment-runs/by_experiment/{experimentId} → every run of one experiment (unpaged, spec §7). */
export function listRunsByExperiment(api: ApiFetch, experimentId: number): Promise<ExperimentRun[]> {
  return api<ExperimentRun[]>(`experiment-runs/by_experiment/${encodeURIComponent(experimentId)}`);
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

/** The two files a run's results export to. */
export const runExportFormats = ['csv', 'trec'] as const;
export type RunExportFormat = (typeof runExportFormats)[number];

/** A downloaded file: its bytes and the name the server gave it. */
export type DownloadedFile = { blob: Blob; filename: string };

/**
 * GET a file with the bearer token (so no token in a URL), byte for byte (a CSV's BOM included), named by its
 * Content-Disposition or else by `fallbackName`.
 */
async function downloadFile(api: ApiClient, path: string, fallbackName: string): Promise<DownloadedFile> {
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
};

/** GET experiment-runs/{runId}/results.csv or results.trec as a file to save. */
export function downloadRunResults(api: ApiClient, runId: number, format: RunExportFormat): Promise<DownloadedFile> {
  const { path, fallbackName } = runExportFiles[format];
  return downloadFile(api, `experiment-runs/${encodeURIComponent(runId)}/${path}`, fallbackName(runId));
}

/** The three files a golden set exports to: its judgements as CSV or TREC qrels, and the qrels' queries (qid, text). */
export const goldenSetExportFormats = ['csv', 'qrels', 'queries'] as const;
export type GoldenSetExportFormat = (typeof goldenSetExportFormats)[number];

const goldenSetExtensions: Record<GoldenSetExportFormat, string> = { csv: 'csv', qrels: 'qrels', queries: 'queries.tsv' };

/** GET golden-sets/{id}/export.csv, export.qrels or export.queries.tsv as a file to save (golden-set-{id}.…). */
export function downloadGoldenSet(api: ApiClient, id: number, format: GoldenSetExportFormat): Promise<DownloadedFile> {
  const extension = goldenSetExtensions[format];
  return downloadFile(api, `golden-sets/${encodeURIComponent(id)}/export.${extension}`, `golden-set-${id}.${extension}`);
}

/** GET experiment-runs/{runId}/results?page&page_size → an array of run results. */
export function listRunResults(api: ApiFetch, runId: number, page: number, pageSize: number): Promise<ExperimentRunResult[]> {
  return api<ExperimentRunResult[]>(`experiment-runs/${encodeURIComponent(runId)}/results`, { query: pageQuery(page, pageSize) });
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
export function listScriptExperiments(
  api: ApiFetch,
  scriptId: number,
  page: number,
  pageSize: number,
): Promise<ResultsPage<Experiment>> {
  return api<ResultsPage<Experiment>>(`evaluation-scripts/${encodeURIComponent(scriptId)}/experiments`, {
    query: pageQuery(page, pageSize),
  });
}

/** A golden set of judgements (issue 7): its counts come from the server. */
export type GoldenSet = {
  id: number;
  name: string;
  description: string;
  market: string;
  query_count: number;
  judgement_count: number;
  created_at: string;
  updated_at: string;
};

export type GoldenSetChanges = { name?: string; description?: string; market?: string };

/** GET golden-sets/?page&page_size → {count, results}, newest first. */
export function listGoldenSets(api: ApiFetch, page: number, pageSize: number): Promise<{ count: number; results: GoldenSet[] }> {
  return api<{ count: number; results: GoldenSet[] }>('golden-sets/', { query: pageQuery(page, pageSize) });
}

/** PATCH golden-sets/{id} → the golden set as saved (409 for a name already taken). */
export function updateGoldenSet(api: ApiFetch, id: number, changes: GoldenSetChanges): Promise<GoldenSet> {
  return api<GoldenSet>(`golden-sets/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

/** DELETE golden-sets/{id}. */
export async function deleteGoldenSet(api: ApiFetch, id: number): Promise<void> {
  await api(`golden-sets/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
