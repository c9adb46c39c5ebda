import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { addEntryMachine } from './add-entry.machine';
import type { bulkUploadMachine } from './bulk-upload.machine';
import type { pagedListMachine } from './paged-list.machine';
import type { entryListMachine } from './entry-list.machine';

export type EntryListSnapshot = SnapshotFrom<typeof entryListMachine>;

export const selectList = (snapshot: EntryListSnapshot) => snapshot.children.list as ActorRefFrom<typeof pagedListMachine>;
export const selectAddEntry = (snapshot: EntryListSnapshot) => snapshot.children.addEntry as ActorRefFrom<typeof addEntryMachine>;
export const selectBulkUpload = (snapshot: EntryListSnapshot) => snapshot.children.bulkUpload as ActorRefFrom<typeof bulkUploadMachine>;
