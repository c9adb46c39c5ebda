import { fromPromise } from 'xstate';
import { createDatasetMachine, type CreatedDataset } from '../machines/datasets/create-dataset.machine';
import { datasetEditorMachine } from '../machines/datasets/dataset-editor.machine';
import { DATASETS_FILTER, datasetsPageMachine } from '../machines/datasets/datasets-page.machine';
import type { EntryMove, EntryWindowRequest } from '../domain/datasets/dataset-membership';
import type { ConsoleDeps } from './console-deps';
import { pagedList } from './paged-lists';

// The /datasets and /datasets/{id}/edit screens.
export function createDatasetsLogic({ service, router }: Pick<ConsoleDeps, 'service' | 'router'>) {
  return {
    datasetsPage: datasetsPageMachine.provide({
      actors: {
        list: pagedList(router, {
          fetchPage: ({ page, pageSize, filter }) => service.listDatasets({ page, pageSize, search: filter.search }),
          deleteItem: service.deleteDataset,
          filterNames: DATASETS_FILTER,
        }),
        createDataset: createDatasetMachine.provide({
          actors: {
            createDataset: fromPromise<CreatedDataset, { name: string; description: string }>(({ input }) => service.createDataset(input)),
          },
          actions: { openEditor: (_, { id }: { id: number }) => router.navigate(`/datasets/${id}/edit`) },
        }),
      },
    }),
    datasetEditor: datasetEditorMachine.provide({
      actors: {
        fetchDataset: fromPromise(({ input }: { input: { datasetId: number } }) => service.findDataset(input.datasetId)),
        fetchEntries: fromPromise(({ input }: { input: EntryWindowRequest }) => service.entryWindow(input)),
        saveMoves: fromPromise(({ input }: { input: EntryMove }) => service.moveEntries(input)),
      },
    }),
  };
}
