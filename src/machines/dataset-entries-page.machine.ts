import { setup, type ActorRefFrom } from 'xstate';
import { addEntryMachine } from './add-entry.machine';
import { bulkUploadMachine } from './bulk-upload.machine';
import { pagedListMachine } from './paged-list.machine';

// Spec §2 /dataset-entries: the page's three flows side by side. The shared paged list (with its delete
// confirmation), the Add Dataset Entry dialog and the Bulk upload dialog. Both dialogs are handed the list
// as their reload target: when they created entries, the list fetches its page again.

export type DatasetEntriesPageInput = { page: number };

export type DatasetEntriesPageContext = {
  list: ActorRefFrom<typeof pagedListMachine>;
  addEntry: ActorRefFrom<typeof addEntryMachine>;
  bulkUpload: ActorRefFrom<typeof bulkUploadMachine>;
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
  },
}).createMachine({
  id: 'datasetEntriesPage',
  context: ({ input, spawn }) => {
    const list = spawn('list', { id: 'list', input: { page: input.page } });
    return {
      list,
      addEntry: spawn('addEntry', { id: 'addEntry', input: { reloadTarget: list } }),
      bulkUpload: spawn('bulkUpload', { id: 'bulkUpload', input: { reloadTarget: list } }),
    };
  },
});
