import { FetchError } from 'ofetch';
import type { ApiClient } from './api-client';
import type { Mapping } from './link-diff';

// The evaluation service (spec §7): one typed function per endpoint the console's screens call.
// Failures are thrown as Error with the server's own message (e.g. a duplicate name's 409), so machines
// can show it; nothing here logs, retries or redirects.

export type Dataset = {
  id: number;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
};

export type DatasetRef = { id: number; name: string };

/** What the console sends to create or replace an entry (spec §7). */
export type EntryBody = { input: string; input_metadata: Record<string, unknown> | null };

/** Datasets are read in pages this big when all of them are needed (spec §9's bulk size). */
export const BULK_PAGE_SIZE = 1000;

export type DatasetEntry = {
  id: number;
  input: string;
  input_metadata: Record<string, unknown> | null;
  description: string;
  datasets: DatasetRef[];
  created_at: string;
  updated_at: string;
};

/** One page of a list and the exact total the server counted (X-Total-Count), when it sent one. */
export type Page<T> = { items: T[]; total: number | null };

export type PageRequest = { page: number; pageSize: number };

export type EntryFilter = {
  /** Only entries in this dataset. */
  inDataset?: number;
  /** Only entries not in this dataset. */
  notInDataset?: number;
  /** Only entries whose input contains this text, ignoring case. */
  search?: string;
};

/** What a failed call says to a person: the server's message when it sent one. */
export function failureMessage(error: unknown): string {
  if (error instanceof FetchError) {
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message !== '') return data.message;
    if (error.statusCode) return `The server answered ${error.statusCode} ${error.statusText ?? ''}`.trim();
    return 'The server could not be reached. Please try again.';
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

async function explained<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw new Error(failureMessage(error), { cause: error });
  }
}

function totalOf(headers: Headers): number | null {
  const value = headers.get('X-Total-Count');
  const total = value === null ? NaN : Number(value);
  return Number.isInteger(total) && total >= 0 ? total : null;
}

export type EvaluationService = ReturnType<typeof createEvaluationService>;

export function createEvaluationService(api: ApiClient) {
  async function page<T>(path: string, query: Record<string, string | number | undefined>): Promise<Page<T>> {
    const response = await explained(api.raw<T[]>(path, { query }));
    return { items: response._data ?? [], total: totalOf(response.headers) };
  }

  return {
    listDatasets: ({ page: n, pageSize }: PageRequest) =>
      page<Dataset>('datasets/', { page: n, page_size: pageSize }),

    createDataset: (body: { name: string; description: string }) =>
      explained(api<Dataset>('datasets/', { method: 'POST', body })),

    getDataset: (id: number) => explained(api<Dataset>(`datasets/${id}`)),

    deleteDataset: (id: number) => explained(api<void>(`datasets/${id}`, { method: 'DELETE' })),

    listEntries: ({ page: n, pageSize, inDataset, notInDataset, search }: PageRequest & EntryFilter) =>
      page<DatasetEntry>('dataset-entries/', {
        page: n,
        page_size: pageSize,
        in_dataset: inDataset,
        not_in_dataset: notInDataset,
        search: search || undefined,
      }),

    /** Exact totals from X-Total-Count (a page of one each): spec §7's page of 1000 would cap at 1000. */
    countDatasetsAndEntries: async () => {
      const [datasets, entries] = await Promise.all([
        page<Dataset>('datasets/', { page: 1, page_size: 1 }),
        page<DatasetEntry>('dataset-entries/', { page: 1, page_size: 1 }),
      ]);
      if (datasets.total === null || entries.total === null) throw new Error('The server did not send X-Total-Count');
      return { datasets: datasets.total, datasetEntries: entries.total };
    },

    /** Spec §7: POST dataset-entry-mappings/ with a JSON array, here of one pair. */
    addEntryToDataset: (datasetId: number, entryId: number) =>
      explained(
        api<{ created: number }>('dataset-entry-mappings/', {
          method: 'POST',
          body: [{ dataset_id: datasetId, dataset_entry_id: entryId }],
        }),
      ),

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

    updateEntry: (id: number, body: EntryBody) =>
      explained(api<DatasetEntry>(`dataset-entries/${id}`, { method: 'PUT', body })),

    deleteEntry: (id: number) => explained(api<void>(`dataset-entries/${id}`, { method: 'DELETE' })),

    /** Spec §7: POST dataset-entry-mappings/ with a JSON array; pairs already linked are skipped. */
    addMappings: (pairs: Mapping[]) =>
      explained(api<{ created: number }>('dataset-entry-mappings/', { method: 'POST', body: pairs })),

    /** Spec §7: DELETE dataset-entry-mappings/ with a JSON array body; pairs not linked are skipped. */
    removeMappings: (pairs: Mapping[]) =>
      explained(api<{ deleted: number }>('dataset-entry-mappings/', { method: 'DELETE', body: pairs })),

    /** Spec §7: DELETE dataset-entry-mappings/{datasetId}/{entryId}. */
    removeEntryFromDataset: (datasetId: number, entryId: number) =>
      explained(api<void>(`dataset-entry-mappings/${datasetId}/${entryId}`, { method: 'DELETE' })),
  };
}
