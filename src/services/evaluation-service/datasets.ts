import type { ApiClient } from '../api-client';
import { foundOrNull } from '../failure-message';
import { allChoices, headerPage, pageQuery } from '../paging';
import type { Dataset, DatasetRef, DatasetRow, PageRequest } from '../../domain/evaluations/evaluation-service-types';

// datasets/ on the evaluation service (server/routes/datasets.ts): the list searched by name, one dataset
// created, read and deleted, and every dataset as a picker's choices.

/** Datasets are read in pages this big when all of them are needed (the API's largest page). */
const BULK_PAGE_SIZE = 1000;

export type Datasets = ReturnType<typeof createDatasets>;

export function createDatasets(api: ApiClient) {
  /** GET datasets/?page&page_size&search → the page, X-Total-Count its total. */
  const listDatasets = async ({ search, ...page }: PageRequest & { search?: string }) =>
    headerPage(await api.raw<DatasetRow[]>('datasets/', { query: { ...pageQuery(page), search: search || undefined } }));

  return {
    listDatasets,

    /** Exact, from X-Total-Count of a page of one: a full page, 1000 at most, would cap at 1000. */
    countDatasets: async () => {
      const { total } = await listDatasets({ page: 1, pageSize: 1 });
      if (total === null) throw new Error('The server did not send X-Total-Count');
      return total;
    },

    /** Every dataset as a choice of the dataset picker, page after page of 1000 until a short page: no cap at 1000. */
    datasetOptions: (): Promise<DatasetRef[]> => allChoices(listDatasets, BULK_PAGE_SIZE),

    /** POST datasets/ → 201 with the dataset; 409 for a name already taken. */
    createDataset: (body: { name: string; description: string }) => api<Dataset>('datasets/', { method: 'POST', body }),

    /** GET datasets/{id}: the dataset, or null when there is none with this id. */
    findDataset: (id: number) => foundOrNull(api<Dataset>(`datasets/${id}`)),

    /** DELETE datasets/{id}; 409 when experiments use it. */
    deleteDataset: (id: number) => api<void>(`datasets/${id}`, { method: 'DELETE' }),
  };
}
