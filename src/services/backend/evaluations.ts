import type { ApiClient } from '../api-client';
import { downloadFile } from '../download-file';
import { foundOrNull } from '../failure-message';
import { countedPage, headerPage, pageQuery } from '../paging';
import type { FormPoster } from '../upload-csv';
import type { PageRequest } from '../../domain/evaluations/evaluation-service-types';
import type { UploadOptions } from '../../domain/datasets/upload-types';
import type { CreatedEvaluation, Evaluation, EvaluationUpload } from '../../domain/evaluations/evaluation-upload';
import {
  evaluationExportFormats,
  type EvaluationDetails,
  type EvaluationExportFormat,
  type EvaluationResult,
} from '../../domain/evaluations/evaluation-results';
import type { Page } from '../../domain/evaluations/evaluation-service-types';
import type { DownloadedFile } from '../../domain/experiments/evaluation-backend-types';

// evaluations/ on the evaluation backend (server/routes/backend/evaluations.ts, evaluation-upload.ts): the list,
// the upload of a ranking file made elsewhere, scored against a golden set as a run is, and one evaluation: its
// progress and means, its queries' results (to triage) and those results as files.

const exportFiles: Record<EvaluationExportFormat, { path: string; fallbackName: (id: number) => string }> = {
  qrels: { path: 'results.qrels', fallbackName: (id) => `evaluation-${id}.qrels` },
  trec: { path: 'results.trec', fallbackName: (id) => `evaluation-${id}.trec` },
  csv: { path: 'results.csv', fallbackName: (id) => `evaluation-${id}-results.csv` },
};

export type Evaluations = ReturnType<typeof createEvaluations>;

/** The calls over the session's client; the upload goes as multipart to `baseURL` through `postForm`. */
export function createEvaluations(api: ApiClient, baseURL: string, postForm: FormPoster) {
  const path = (id: number) => `evaluations/${encodeURIComponent(id)}`;

  /** GET evaluations/?page&page_size → {count, results} (the count is X-Total-Count's), newest first. */
  const evaluationRows = async (page: PageRequest) =>
    countedPage(await api<{ count: number; results: Evaluation[] }>('evaluations/', { query: pageQuery(page) }));

  return {
    evaluationRows,

    /** How many evaluations there are: the list's total. */
    countEvaluations: async () => (await evaluationRows({ page: 1, pageSize: 1 })).total,

    /**
     * POST evaluations/ as multipart: the text fields first, then a TREC run's queries file, then the ranking file (the
     * server reads the fields before the files, and the queries before the run) → 202; a refused file is an
     * UploadError with its problems by line and field.
     */
    uploadEvaluation: async (upload: EvaluationUpload, options: UploadOptions = {}): Promise<CreatedEvaluation> =>
      (await postForm(
        `${baseURL.replace(/\/+$/, '')}/evaluations/`,
        () => {
          const form = new FormData();
          form.append('name', upload.name);
          form.append('golden_set_id', String(upload.goldenSetId));
          if (upload.datasetId !== null) form.append('dataset_id', String(upload.datasetId));
          form.append('k', String(upload.k));
          form.append('gain', upload.gain);
          form.append('relevant_from', String(upload.relevantFrom));
          form.append('format', upload.format);
          if (upload.queries) form.append('queries', upload.queries, upload.queries.name);
          form.append('file', upload.file, upload.file.name);
          return form;
        },
        { ...options, size: upload.file.size + (upload.queries?.size ?? 0) },
      )) as CreatedEvaluation,

    /** GET evaluations/{id} → the evaluation, its progress and (once scored) its summary; null when there is none. */
    findEvaluation: (id: number) => foundOrNull(api<EvaluationDetails>(path(id))),

    /**
     * GET evaluations/{id}/results?page&page_size with the screen's filter (status: completions, search, sort, order)
     * → the page, with X-Total-Count as the total of the matches.
     */
    evaluationResultRows: async (id: number, page: PageRequest, filter: Record<string, string> = {}): Promise<Page<EvaluationResult>> =>
      headerPage(await api.raw<EvaluationResult[]>(`${path(id)}/results`, { query: { ...filter, ...pageQuery(page) } })),

    /** GET evaluations/{id}/results.qrels, .trec or .csv as a file to save; a format it does not offer fails like a refusal. */
    exportEvaluation: (id: number, format: string): Promise<DownloadedFile> => {
      const offered = evaluationExportFormats.find((known) => known === format);
      if (offered === undefined) return Promise.reject(new Error(`There is no ${format} export.`));
      const { path: file, fallbackName } = exportFiles[offered];
      return downloadFile(api, `${path(id)}/${file}`, fallbackName(id));
    },
  };
}
