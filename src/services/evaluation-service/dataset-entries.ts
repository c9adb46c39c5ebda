import type { ApiClient } from '../api-client';
import { foundOrNull } from '../failure-message';
import { headerPage, pageQuery } from '../paging';
import type { EntryWindow, EntryWindowRequest } from '../../domain/datasets/dataset-membership';
import type { BulkUploadSettings, CsvUploader, UploadOptions } from '../../domain/datasets/upload-types';
import type { DatasetEntry, EntryContent, EntryFilter, PageRequest } from '../../domain/evaluations/evaluation-service-types';

// dataset-entries/ on the evaluation service (server/routes/dataset-entries.ts and bulk-upload.ts): the list
// filtered by dataset and searched, one entry created, read, replaced and deleted, a CSV of entries uploaded,
// and the dataset editor's windows of one side of a dataset.

export type DatasetEntries = ReturnType<typeof createDatasetEntries>;

/** The calls over the session's client; `uploadCsv` posts dataset-entries/bulk-upload with progress (upload-csv.ts). */
export function createDatasetEntries(api: ApiClient, uploadCsv: CsvUploader) {
  /** GET dataset-entries/?page&page_size&in_dataset&not_in_dataset&search → the page, X-Total-Count its total. */
  const listEntries = async ({ inDataset, notInDataset, search, ...page }: PageRequest & EntryFilter) =>
    headerPage(
      await api.raw<DatasetEntry[]>('dataset-entries/', {
        query: { ...pageQuery(page), in_dataset: inDataset, not_in_dataset: notInDataset, search: search || undefined },
      }),
    );

  return {
    listEntries,

    /** Exact, from X-Total-Count of a page of one: a full page, 1000 at most, would cap at 1000. */
    countEntries: async () => {
      const { total } = await listEntries({ page: 1, pageSize: 1 });
      if (total === null) throw new Error('The server did not send X-Total-Count');
      return total;
    },

    /** One side of the dataset editor: a window of its entries, the matches' total and how many the side holds. */
    entryWindow: async (request: EntryWindowRequest): Promise<EntryWindow> => {
      const side = request.side === 'included' ? { inDataset: request.datasetId } : { notInDataset: request.datasetId };
      const [window, all] = await Promise.all([
        listEntries({ page: request.page, pageSize: request.pageSize, search: request.search, ...side }),
        // The heading counts the whole side; a searched window's total counts only the matches.
        request.search ? listEntries({ page: 1, pageSize: 1, ...side }) : undefined,
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

    /** POST dataset-entries/ → 201 with the entry. */
    createEntry: (body: EntryContent) => api<DatasetEntry>('dataset-entries/', { method: 'POST', body }),

    /** GET dataset-entries/{id}: the entry, or null when there is none with this id. */
    findEntry: (id: number) => foundOrNull(api<DatasetEntry>(`dataset-entries/${id}`)),

    /** PUT dataset-entries/{id} → the entry as replaced. */
    updateEntry: (id: number, body: EntryContent) => api<DatasetEntry>(`dataset-entries/${id}`, { method: 'PUT', body }),

    /** DELETE dataset-entries/{id}. */
    deleteEntry: (id: number) => api<void>(`dataset-entries/${id}`, { method: 'DELETE' }),

    /**
     * POST dataset-entries/bulk-upload with progress, into the settings' dataset and skipping inputs there already
     * when they say so; a refusal carries the server's row-level problems.
     */
    uploadEntries: (file: Blob & { name?: string }, options?: UploadOptions & { settings?: BulkUploadSettings }) =>
      uploadCsv(file, options),
  };
}
