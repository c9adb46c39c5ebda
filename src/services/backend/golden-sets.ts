import type { ApiClient } from '../api-client';
import { downloadFile } from '../download-file';
import { foundOrNull } from '../failure-message';
import { allChoices, countedPage, pageQuery } from '../paging';
import type { FormPoster } from '../upload-csv';
import type { Page, PageRequest } from '../../domain/evaluations/evaluation-service-types';
import {
  goldenSetExportFormats,
  type DownloadedFile,
  type GoldenSet,
  type GoldenSetChanges,
  type GoldenSetExportFormat,
} from '../../domain/experiments/evaluation-backend-types';
import type { CoverageAnswer } from '../../domain/experiments/workbench-types';
import type { GoldenSetUpload, UploadedGoldenSet } from '../../domain/golden-sets/golden-set-upload';
import type { ClickLogAnswer, ClickLogRequest } from '../../domain/golden-sets/click-grades';
import type {
  GoldenSetQuery,
  GradeScale,
  HistoryEntry,
  Judgement,
  JudgementInput,
  JudgementKeyQuery,
} from '../../domain/judging/golden-set-judging-types';
import type { UnjudgedItem, UnjudgedPage } from '../../domain/judging/judging-types';
import { queuePageOf } from './queue-page';

// golden-sets/ on the evaluation backend (server/routes/backend/golden-sets.ts, golden-set-upload.ts,
// judgements.ts, click-logs.ts and the coverage of experiment-tools.ts): the list, one golden set read, changed and deleted,
// the upload, grades from a click log, the exports, the coverage of a dataset, and its judgements (the queries, one query's judgements,
// a grade saved or removed, the history). Paths are as the API names them, trailing slashes included.

/** Golden sets come from this server only, whose pages go up to 1,000: one call for most. */
const OPTIONS_PAGE_SIZE = 200;
const OPTIONS_MAX_PAGES = 50;

// Each format's file under golden-sets/{id}/; the saved name drops 'export.'.
const exportFiles: Record<GoldenSetExportFormat, string> = {
  csv: 'export.csv',
  qrels: 'export.qrels',
  queries: 'export.queries.tsv',
  'queries-without-entry': 'queries-without-entry.csv',
  'products-not-in-catalogue': 'products-not-in-catalogue.csv',
};

export type GoldenSets = ReturnType<typeof createGoldenSets>;

/** The calls over the session's client; the upload goes as multipart to `baseURL` through `postForm`. */
export function createGoldenSets(api: ApiClient, baseURL: string, postForm: FormPoster) {
  const path = (id: number) => `golden-sets/${encodeURIComponent(id)}`;

  /** GET golden-sets/?page&page_size → {count, results}, newest first. */
  const goldenSetRows = async (page: PageRequest) =>
    countedPage(await api<{ count: number; results: GoldenSet[] }>('golden-sets/', { query: pageQuery(page) }));

  /** GET golden-sets/{id}: the golden set with its scale, grade counts, version and last change. */
  const getGoldenSet = (id: number) => api<GoldenSet>(path(id));

  /** PATCH golden-sets/{id} (409 for a name already taken, or judgements above a new highest grade). */
  const updateGoldenSet = async (id: number, changes: GoldenSetChanges): Promise<void> => {
    await api<GoldenSet>(path(id), { method: 'PATCH', body: changes });
  };

  return {
    goldenSetRows,

    /** Every golden set as a choice of a picker (id and name): page by page until a short page. */
    goldenSetOptions: () => allChoices(goldenSetRows, OPTIONS_PAGE_SIZE, OPTIONS_MAX_PAGES),

    /** How many golden sets there are: the list's total. */
    countGoldenSets: async () => (await goldenSetRows({ page: 1, pageSize: 1 })).total,

    getGoldenSet,

    /** The golden set, or null when there is no such golden set. */
    findGoldenSet: (id: number) => foundOrNull(getGoldenSet(id)),

    updateGoldenSet,

    /** The scale changed alone; 409 when judgements lie above the new highest grade. */
    updateScale: (id: number, scale: GradeScale) => updateGoldenSet(id, { scale }),

    /** DELETE golden-sets/{id}; 409 when an experiment uses it. */
    deleteGoldenSet: async (id: number): Promise<void> => {
      await api(path(id), { method: 'DELETE' });
    },

    /** POST golden-sets/ as multipart: the text fields first (the server reads them before the files). */
    uploadGoldenSet: async (upload: GoldenSetUpload): Promise<UploadedGoldenSet> =>
      (await postForm(`${baseURL.replace(/\/+$/, '')}/golden-sets/`, () => {
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
      })) as UploadedGoldenSet,

    /** POST golden-sets/{id}/click-logs as multipart: the text fields first (the server reads them before the file). */
    gradeClickLog: async (request: ClickLogRequest, options: { signal?: AbortSignal } = {}): Promise<ClickLogAnswer> =>
      (await postForm(
        `${baseURL.replace(/\/+$/, '')}/${path(request.goldenSetId)}/click-logs`,
        () => {
          const form = new FormData();
          form.append('format', request.format);
          form.append('min_impressions', request.minImpressions);
          form.append('thresholds', request.thresholds);
          form.append('preview', String(request.preview));
          form.append('file', request.file, request.file.name);
          return form;
        },
        options,
      )) as ClickLogAnswer,

    /**
     * GET golden-sets/{id}/export.csv, export.qrels, export.queries.tsv or an upload's warning list as a file to save (golden-set-{id}.…);
     * a format it does not offer fails like a refusal.
     */
    exportGoldenSet: (id: number, format: string): Promise<DownloadedFile> => {
      const offered = goldenSetExportFormats.find((known) => known === format);
      if (offered === undefined) return Promise.reject(new Error(`There is no ${format} export.`));
      const file = exportFiles[offered];
      return downloadFile(api, `${path(id)}/${file}`, `golden-set-${id}.${file.replace('export.', '')}`);
    },

    /** GET golden-sets/{id}/coverage?dataset_id: how many of the dataset's queries the golden set judges. */
    coverage: (goldenSetId: number, datasetId: number) =>
      api<CoverageAnswer>(`${path(goldenSetId)}/coverage`, { query: { dataset_id: datasetId } }),

    /** GET golden-sets/{id}/queries/?search&page&page_size → the page and its count. */
    queryRows: async (id: number, page: PageRequest, filter: { search?: string } = {}): Promise<Page<GoldenSetQuery>> =>
      countedPage(
        await api<{ count: number; results: GoldenSetQuery[] }>(`${path(id)}/queries/`, {
          query: { search: filter.search || undefined, ...pageQuery(page) },
        }),
      ),

    /** GET golden-sets/{id}/judgements/?query → best grade first; [] for a query nobody judged. */
    judgementsOf: (id: number, query: string) => api<Judgement[]>(`${path(id)}/judgements/`, { query: { query } }),

    /** PUT golden-sets/{id}/judgements/ → the judgement as saved (creates it or changes its grade). */
    saveJudgement: (goldenSetId: number, judgement: JudgementInput) =>
      api<Judgement>(`${path(goldenSetId)}/judgements/`, { method: 'PUT', body: judgement }),

    /** DELETE golden-sets/{id}/judgements/?query&product_id → 204. */
    removeJudgement: async (goldenSetId: number, key: JudgementKeyQuery): Promise<void> => {
      await api(`${path(goldenSetId)}/judgements/`, { method: 'DELETE', query: key });
    },

    /** GET golden-sets/{id}/queue/?page&page_size → the person's queue of the set: the page's pairs, X-Total-Count, X-Missing-Ratings. */
    setQueue: async (id: number, page: number, pageSize: number): Promise<UnjudgedPage> =>
      queuePageOf(await api.raw<UnjudgedItem[]>(`${path(id)}/queue/`, { query: pageQuery({ page, pageSize }) })),

    /** GET golden-sets/{id}/history/?page&page_size → newest first. */
    historyRows: async (id: number, page: PageRequest): Promise<Page<HistoryEntry>> =>
      countedPage(await api<{ count: number; results: HistoryEntry[] }>(`${path(id)}/history/`, { query: pageQuery(page) })),
  };
}
