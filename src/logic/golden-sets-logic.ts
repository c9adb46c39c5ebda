import { fromPromise } from 'xstate';
import { fileExportMachine, type FileExportRequest } from '../machines/shared/file-export.machine';
import type { SubmitInput } from '../machines/shared/form-dialog.machine';
import { goldenSetsPageMachine } from '../machines/golden-sets/golden-sets-page.machine';
import { renameGoldenSetMachine, type GoldenSetToRename } from '../machines/golden-sets/rename-golden-set.machine';
import { uploadGoldenSetMachine } from '../machines/golden-sets/upload-golden-set.machine';
import type { DownloadedFile } from '../domain/experiments/evaluation-backend-types';
import type { GoldenSetUpload, UploadedGoldenSet } from '../domain/golden-sets/golden-set-upload';
import type { ConsoleDeps } from './console-deps';
import { allRows, pagedList, resource } from './paged-lists';

// The /golden-sets screen, on the evaluation backend.
export function createGoldenSetsLogic({
  goldenSets,
  demoData,
  files,
  router,
}: Pick<ConsoleDeps, 'goldenSets' | 'demoData' | 'files' | 'router'>) {
  return {
    goldenSetsPage: goldenSetsPageMachine.provide({
      actors: {
        list: pagedList(router, { fetchPage: allRows(goldenSets.goldenSetRows), deleteItem: goldenSets.deleteGoldenSet }),
        uploadGoldenSet: uploadGoldenSetMachine.provide({
          actors: {
            submit: fromPromise<UploadedGoldenSet, SubmitInput<GoldenSetUpload>>(({ input }) => goldenSets.uploadGoldenSet(input.request)),
          },
        }),
        renameGoldenSet: renameGoldenSetMachine.provide({
          actors: {
            submit: fromPromise<void, SubmitInput<GoldenSetToRename>>(({ input }) => {
              const { id, ...changes } = input.request;
              return goldenSets.updateGoldenSet(id, changes);
            }),
          },
        }),
        fileExport: fileExportMachine.provide({
          actors: {
            fetchExport: fromPromise(({ input }: { input: FileExportRequest }) => goldenSets.exportGoldenSet(input.id, input.format)),
          },
          actions: { saveFile: (_, file: DownloadedFile) => files.save(file) },
        }),
        demoData: resource(() => demoData.demoDataState()),
      },
    }),
  };
}
