import { setup, type ActorRefFrom } from 'xstate';
import { fileExportMachine } from '../shared/file-export.machine';
import { pagedListMachine } from '../shared/paged-list.machine';
import { resourceMachine } from '../shared/resource.machine';
import { renameGoldenSetMachine } from './rename-golden-set.machine';
import { uploadGoldenSetMachine } from './upload-golden-set.machine';

// The /golden-sets page: the paged list (with its delete confirmation), the Add Golden Set upload, the Edit
// Golden Set rename and the exports. Upload and rename are handed the list as their reload target. The demo
// data's counts (a resource) let the upload say when demo products share the catalogue.

export type GoldenSetsPageInput = { page: number };

export type GoldenSetsPageContext = {
  list: ActorRefFrom<typeof pagedListMachine>;
  upload: ActorRefFrom<typeof uploadGoldenSetMachine>;
  rename: ActorRefFrom<typeof renameGoldenSetMachine>;
  exporter: ActorRefFrom<typeof fileExportMachine>;
  demoData: ActorRefFrom<typeof resourceMachine>;
};

export const goldenSetsPageMachine = setup({
  types: {
    input: {} as GoldenSetsPageInput,
    context: {} as GoldenSetsPageContext,
  },
  actors: {
    // src/logic gives each its actors (the golden sets call and delete, upload, update, the export calls, the demo data call).
    list: pagedListMachine,
    uploadGoldenSet: uploadGoldenSetMachine,
    renameGoldenSet: renameGoldenSetMachine,
    fileExport: fileExportMachine,
    demoData: resourceMachine,
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
      // Every kind at once, so no record id (0 is not one).
      demoData: spawn('demoData', { id: 'demoData', input: { id: 0 } }),
    };
  },
});
