import { fromPromise } from 'xstate';
import { createDatasetMachine, type CreatedDataset, type NewDataset } from '../machines/datasets/create-dataset.machine';
import { datasetEditorMachine } from '../machines/datasets/dataset-editor.machine';
import { DATASETS_FILTER, datasetsPageMachine } from '../machines/datasets/datasets-page.machine';
import type { EntryMove, EntryWindowRequest } from '../domain/datasets/dataset-membership';
import type { SubmitInput } from '../machines/shared/form-dialog.machine';
import type { ConsoleDeps } from './console-deps';
import { pagedList } from './paged-lists';
import { bulkUploadLogic } from './bulk-upload-logic';

// The /datasets and /datasets/{id}/edit screens.
export function createDatasetsLogic({
  datasets,
  datasetEntries,
  datasetEntryMappings,
  router,
}: Pick<ConsoleDeps, 'datasets' | 'datasetEntries' | 'datasetEntryMappings' | 'router'>) {
  return {
    datasetsPage: datasetsPageMachine.provide({
      actors: {
        list: pagedList(router, {
          fetchPage: ({ page, pageSize, filter }) => datasets.listDatasets({ page, pageSize, search: filter.search }),
          deleteItem: datasets.deleteDataset,
          filterNames: DATASETS_FILTER,
        }),
        createDataset: createDatasetMachine.provide({
          actors: {
            submit: fromPromise<CreatedDataset, SubmitInput<NewDataset>>(({ input }) => datasets.createDataset(input.request)),
          },
          actions: { submitted: (_, { output }: { output: CreatedDataset }) => router.navigate(`/datasets/${output.id}/edit`) },
        }),
      },
    }),
    datasetEditor: datasetEditorMachine.provide({
      actors: {
        fetchDataset: fromPromise(({ input }: { input: { datasetId: number } }) => datasets.findDataset(input.datasetId)),
        fetchEntries: fromPromise(({ input }: { input: EntryWindowRequest }) => datasetEntries.entryWindow(input)),
        saveMoves: fromPromise(({ input }: { input: EntryMove }) => datasetEntryMappings.moveEntries(input)),
        bulkUpload: bulkUploadLogic(datasetEntries),
      },
    }),
  };
}
