import type { ApiClient } from './api-client';
import { explained, foundOrNull } from './failure-message';
import type { EntryWindow, EntryWindowRequest, EntryMove } from '../domain/datasets/dataset-membership';
import { applyLinkDiff, mappingsOf, type Mapping } from '../domain/compare/link-diff';
import type {
  Dataset,
  DatasetEntry,
  DatasetRef,
  DatasetRow,
  EntryBody,
  EntryFilter,
  Page,
  PageRequest,
} from '../domain/evaluations/evaluation-service-types';
import type { CsvUploader, UploadOptions } from '../domain/datasets/upload-types';

// The evaluation service: one typed function per endpoint, and one method per call a screen's
// machine makes, answering exactly what the machine takes. Failures are thrown as Error with the server's
// own message (e.g. a duplicate name's 409), so machines can show it; nothing here logs, retries or redirects.

/** Datasets are read in pages this big when all of them are needed (the API's largest page). */
const BULK_PAGE_SIZE = 1000;

function totalOf(headers: Headers): number | null {
  const value = headers.get('X-Total-Count');
  const total = value === null ? NaN : Number(value);
  return Number.isInteger(total) && total >= 0 ? total : null;
}

export type EvaluationService = ReturnType<typeof createEvaluationService>;

/** The calls over the session's client; `uploadCsv` posts dataset-entries/bulk-upload with progress (upload-csv.ts). */
export function createEvaluationService(api: ApiClient, uploadCsv: CsvUploader) {
  async function page<T>(path: string, query: Record<string, string | number | undefined>): Promise<Page<T>> {
    const response = await explained(api.raw<T[]>(path, { query }));
    const capped = response.headers.get('X-Total-Count-Capped') === 'true';
    return { items: response._data ?? [], total: totalOf(response.headers), ...(capped ? { capped } : {}) };
  }

  const calls = {
    listDatasets: ({ page: n, pageSize, search }: PageRequest & { search?: string }) =>
      page<DatasetRow>('datasets/', { page: n, page_size: pageSize, search: search || undefined }),

    createDataset: (body: { name: string; description: string }) => explained(api<Dataset>('datasets/', { method: 'POST', body })),

    getDataset: (id: number) => explained(api<Dataset>(`datasets/${id}`)),

    /** The dataset, or null when there is none with this id. */
    findDataset: (id: number) => foundOrNull(api<Dataset>(`datasets/${id}`)),

    deleteDataset: (id: number) => explained(api<void>(`datasets/${id}`, { method: 'DELETE' })),

    listEntries: ({ page: n, pageSize, inDataset, notInDataset, search }: PageRequest & EntryFilter) =>
      page<DatasetEntry>('dataset-entries/', {
        page: n,
        page_size: pageSize,
        in_dataset: inDataset,
        not_in_dataset: notInDataset,
        search: search || undefined,
      }),

    /** Exact totals from X-Total-Count (a page of one each): a full page, 1000 at most, would cap at 1000. */
    countDatasetsAndEntries: async () => {
      const [datasets, entries] = await Promise.all([
        page<Dataset>('datasets/', { page: 1, page_size: 1 }),
        page<DatasetEntry>('dataset-entries/', { page: 1, page_size: 1 }),
      ]);
      if (datasets.total === null || entries.total === null) throw new Error('The server did not send X-Total-Count');
      return { datasets: datasets.total, datasetEntries: entries.total };
    },

    /** Every dataset, page after page of 1000 until a short page: no cap at 1000. */
    listAllDatasets: async (): Promise<Dataset[]> => {
      const all: Dataset[] = [];
      for (let n = 1; ; n += 1) {
        const { items } = await page<Dataset>('datasets/', { page: n, page_size: BULK_PAGE_SIZE });
        all.push(...items);
        if (items.length < BULK_PAGE_SIZE) return all;
      }
    },

    createEntry: (body: EntryBody) => explained(api<DatasetEntry>('dataset-entries/', { method: 'POST', body })),

    getEntry: (id: number) => explained(api<DatasetEntry>(`dataset-entries/${id}`)),

    /** The entry, or null when there is none with this id. */
    findEntry: (id: number) => foundOrNull(api<DatasetEntry>(`dataset-entries/${id}`)),

    updateEntry: (id: number, body: EntryBody) => explained(api<DatasetEntry>(`dataset-entries/${id}`, { method: 'PUT', body })),

    deleteEntry: (id: number) => explained(api<void>(`dataset-entries/${id}`, { method: 'DELETE' })),

    /** POST dataset-entry-mappings/ with a JSON array; pairs already linked are skipped. */
    addMappings: (pairs: Mapping[]) => explained(api<{ created: number }>('dataset-entry-mappings/', { method: 'POST', body: pairs })),

    /** DELETE dataset-entry-mappings/ with a JSON array body; pairs not linked are skipped. */
    removeMappings: (pairs: Mapping[]) => explained(api<{ deleted: number }>('dataset-entry-mappings/', { method: 'DELETE', body: pairs })),

    /** POST dataset-entries/bulk-upload with progress; a refusal carries the server's row-level problems. */
    uploadEntries: (file: Blob & { name?: string }, options?: UploadOptions) => uploadCsv(file, options),
  };

  return {
    ...calls,

    /** Every dataset as a choice of the dataset picker. */
    datasetOptions: async (): Promise<DatasetRef[]> => (await calls.listAllDatasets()).map(({ id, name }) => ({ id, name })),

    /** One side of the dataset editor: a window of its entries, the matches' total and how many the side holds. */
    entryWindow: async (request: EntryWindowRequest): Promise<EntryWindow> => {
      const side = request.side === 'included' ? { inDataset: request.datasetId } : { notInDataset: request.datasetId };
      const [window, all] = await Promise.all([
        calls.listEntries({ page: request.page, pageSize: request.pageSize, search: request.search, ...side }),
        // The heading counts the whole side; a searched window's total counts only the matches.
        request.search ? calls.listEntries({ page: 1, pageSize: 1, ...side }) : undefined,
      ]);
      const before = (request.page - 1) * request.pageSize;
      // A capped total ("10,000+") is a lower bound until a window comes back short: then it is exact.
      const end = window.items.length < request.pageSize ? before + window.items.length : undefined;
      const capped = window.capped === true && end === undefined;
      const total = window.capped
        ? (end ?? Math.max(window.total ?? 0, before + window.items.length))
        : (window.total ?? window.items.length);
      return { items: window.items, total, ...(capped ? { capped } : {}), count: all ? (all.total ?? total) : total };
    },

    /** Adds the entries to the dataset or removes them in one array call (the editor sends chunks, entry-moves.ts). */
    moveEntries: async ({ datasetId, direction, entryIds }: EntryMove): Promise<void> => {
      const pairs = entryIds.map((entryId) => ({ dataset_id: datasetId, dataset_entry_id: entryId }));
      await (direction === 'add' ? calls.addMappings(pairs) : calls.removeMappings(pairs));
    },

    /** The new entry's chosen datasets in one POST dataset-entry-mappings/ call. */
    linkEntryToDatasets: (entryId: number, datasetIds: readonly number[]) => calls.addMappings(mappingsOf(entryId, datasetIds)),

    /** On save, the entry's links added are created, links removed are deleted. */
    saveEntryLinks: (entryId: number, before: readonly number[], after: readonly number[]) => applyLinkDiff(calls, entryId, before, after),
  };
}
