import { sendTo, setup } from 'xstate';
import { addEntryMachine } from './add-entry.machine';
import { bulkUploadMachine } from './bulk-upload.machine';
import { pagedListMachine } from './paged-list.machine';

// Spec §2 /dataset-entries: the page's three flows side by side. The shared paged list (with its delete
// confirmation), the Add Dataset Entry dialog and the Bulk upload dialog. When a dialog created entries it
// says `entries.changed`, and the list reloads its page (the paged list's reload event).

export type EntryListInput = { page?: number };
export type EntryListEvent = { type: 'entries.changed' };

export const entryListMachine = setup({
  types: {
    input: {} as EntryListInput,
    context: {} as { page: number },
    events: {} as EntryListEvent,
  },
  actors: {
    // providers give each its real actors (fetchPage, the entry delete, createEntry, uploadCsv, ...).
    list: pagedListMachine,
    addEntry: addEntryMachine,
    bulkUpload: bulkUploadMachine,
  },
  actions: {
    reloadList: sendTo('list', { type: 'confirm.succeeded' }),
  },
}).createMachine({
  id: 'entryList',
  context: ({ input }) => ({ page: input.page ?? 1 }),
  invoke: [
    { id: 'list', src: 'list', input: ({ context }) => ({ page: context.page }) },
    { id: 'addEntry', src: 'addEntry' },
    { id: 'bulkUpload', src: 'bulkUpload' },
  ],
  on: { 'entries.changed': { actions: 'reloadList' } },
});
