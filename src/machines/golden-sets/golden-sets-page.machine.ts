import { setup, type ActorRefFrom } from 'xstate';
import { fileExportMachine } from '../shared/file-export.machine';
import { pagedListMachine } from '../shared/paged-list.machine';
import { renameGoldenSetMachine } from './rename-golden-set.machine';
import { uploadGoldenSetMachine } from './upload-golden-set.machine';

// The /golden-sets page: the paged list (with its delete confirmation), the Add Golden Set upload, the Edit
// Golden Set rename and the exports. Upload and rename are handed the list as their reload target.

export type GoldenSetsPageInput = { page: number };

export type GoldenSetsPageContext = {
  list: ActorRefFrom<typeof pagedListMachine>;
  upload: ActorRefFrom<typeof uploadGoldenSetMachine>;
  rename: ActorRefFrom<typeof renameGoldenSetMachine>;
  exporter: ActorRefFrom<typeof fileExportMachine>;
};

export const goldenSetsPageMachine = setup({
  types: {
    input: {} as GoldenSetsPageInput,
    context: {} as GoldenSetsPageContext,
  },
  actors: {
    // src/logic gives each its actors (the golden sets call and delete, upload, update, the export calls).
    list: pagedListMachine,
    uploadGoldenSet: uploadGoldenSetMachine,
    renameGoldenSet: renameGoldenSetMachine,
    fileExport: fileExportMachine,
  },
}).createMachine({
  id: 'goldenSetsPage',
  context: ({ input, spawn }) => {
    const list = spawn('list', { id: 'list', input: { page: input.page } });
    return {
      list,
      upload: spawn('uploadGoldenSet', { id: 'upload', input: { reloadTarget: list } }),
      rename: spawn('renameGoldenSet', { id: 'rename', input: { reloadTarget: list } }),
      exporter: spawn('fileExport', { id: 'exporter' }),
    };
  },
});
