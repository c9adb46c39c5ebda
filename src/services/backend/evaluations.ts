import type { ApiFetch } from '../api-client';
import { countedPage, pageQuery } from '../paging';
import type { FormPoster } from '../upload-csv';
import type { PageRequest } from '../../domain/evaluations/evaluation-service-types';
import type { UploadOptions } from '../../domain/datasets/upload-types';
import type { CreatedEvaluation, Evaluation, EvaluationUpload } from '../../domain/evaluations/evaluation-upload';

// evaluations/ on the evaluation backend (server/routes/backend/evaluations.ts, evaluation-upload.ts): the list,
// and the upload of a ranking file made elsewhere, scored against a golden set as a run is.

export type Evaluations = ReturnType<typeof createEvaluations>;

/** The calls over the session's client; the upload goes as multipart to `baseURL` through `postForm`. */
export function createEvaluations(api: ApiFetch, baseURL: string, postForm: FormPoster) {
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
  };
}
