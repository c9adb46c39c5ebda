import { setup, type ActorRefFrom } from 'xstate';
import { addEntryMachine } from './add-entry.machine';
import { bulkUploadMachine } from '../datasets/bulk-upload.machine';
import { filterFromSearch, pagedListMachine, pageFromSearch, type ListFilter } from '../shared/paged-list.machine';
import { resourceMachine } from '../shared/resource.machine';

// The /dataset-entries page: its three flows side by side. The shared paged list (with its delete
// confirmation), the Add Dataset Entry dialog and the Bulk upload dialog. Both dialogs are handed the list
// as their reload target: when they created entries, the list fetches its page again. The list's search and
// dataset filter live in the address with its page; the filter's choices are every dataset (a resource).

export type DatasetEntriesPageInput = { page: number; filter?: ListFilter };

/** The list's filter in the address: `?search=` (a part of the input) and `?dataset=` (an id). */
export const ENTRIES_FILTER = ['search', 'dataset'] as const;

/** The page's input from the address's query. */
export const datasetEntriesPageInput = (search: string): DatasetEntriesPageInput => ({
  page: pageFromSearch(search),
  filter: filterFromSearch(search, ENTRIES_FILTER),
});

export type DatasetEntriesPageContext = {
  list: ActorRefFrom<typeof pagedListMachine>;
  addEntry: ActorRefFrom<typeof addEntryMachine>;
  bulkUpload: ActorRefFrom<typeof bulkUploadMachine>;
  datasetOptions: ActorRefFrom<typeof resourceMachine>;
};

export const datasetEntriesPageMachine = setup({
  types: {
    input: {} as DatasetEntriesPageInput,
    context: {} as DatasetEntriesPageContext,
  },
  actors: {
    // src/logic gives each its actors (fetchPage, the entry delete, createEntry, uploadCsv, ...).
    list: pagedListMachine,
    addEntry: addEntryMachine,
    bulkUpload: bulkUploadMachine,
    datasetOptions: resourceMachine,
  },
}).createMachine({
  id: 'datasetEntriesPage',
  context: ({ input, spawn }) => {
    const list = spawn('list', { id: 'list', input: { page: input.page, filter: input.filter } });
    return {
      list,
      addEntry: spawn('addEntry', { id: 'addEntry', input: { reloadTarget: list } }),
      bulkUpload: spawn('bulkUpload', { id: 'bulkUpload', input: { reloadTarget: list } }),
      // Every dataset, so no record id (0 is not one).
      datasetOptions: spawn('datasetOptions', { id: 'datasetOptions', input: { id: 0 } }),
    };
  },
});
