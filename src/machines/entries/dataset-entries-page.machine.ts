import { sendTo, setup, type ActorRefFrom } from 'xstate';
import { addEntryMachine } from './add-entry.machine';
import { bulkUploadMachine } from '../datasets/bulk-upload.machine';
import { filterFromSearch, pagedListMachine, pageFromSearch, type ListFilter } from '../shared/paged-list.machine';
import type { ReloadEvent } from '../shared/reload';
import { resourceMachine } from '../shared/resource.machine';

// The /dataset-entries page: its three flows side by side. The shared paged list (with its delete
// confirmation), the Add Dataset Entry dialog and the Bulk upload dialog. The Add Entry dialog is handed the
// list as its reload target: when it created an entry, the list fetches its page again. A bulk upload's CSV may
// name datasets the server then creates, so the Bulk upload dialog tells the page, which reloads both the list
// and the dataset filter's choices. The list's search and dataset filter live in the address with its page; the
// filter's choices are every dataset (a resource).

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
    events: {} as ReloadEvent,
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
  context: ({ input, spawn, self }) => {
    const list = spawn('list', { id: 'list', input: { page: input.page, filter: input.filter } });
    return {
      list,
      addEntry: spawn('addEntry', { id: 'addEntry', input: { reloadTarget: list } }),
      bulkUpload: spawn('bulkUpload', { id: 'bulkUpload', input: { reloadTarget: self } }),
      // Every dataset, so no record id (0 is not one).
      datasetOptions: spawn('datasetOptions', { id: 'datasetOptions', input: { id: 0 } }),
    };
  },
  on: {
    // After a complete bulk upload: its new entries in the list, its new datasets among the filter's choices.
    reload: {
      actions: [
        sendTo(({ context }) => context.list, { type: 'reload' }),
        sendTo(({ context }) => context.datasetOptions, { type: 'reload' }),
      ],
    },
  },
});
