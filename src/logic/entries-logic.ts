import { fromPromise } from 'xstate';
import { addEntryMachine, type CreatedEntry, type LinkDatasetsInput, type NewEntry } from '../machines/entries/add-entry.machine';
import { datasetEntriesPageMachine, ENTRIES_FILTER } from '../machines/entries/dataset-entries-page.machine';
import { datasetPickerMachine } from '../machines/datasets/dataset-picker.machine';
import { parseRouteId } from '../domain/shell/route-id';
import { entryEditorMachine, type SaveEntryInput, type SaveLinksInput } from '../machines/entries/entry-editor.machine';
import type { ConsoleDeps } from './console-deps';
import { pagedList, resource } from './paged-lists';
import { bulkUploadLogic } from './bulk-upload-logic';

const ENTRIES_PATH = '/dataset-entries';

// The /dataset-entries and /dataset-entries/{id}/edit screens.
export function createEntriesLogic({
  datasets,
  datasetEntries,
  datasetEntryMappings,
  router,
}: Pick<ConsoleDeps, 'datasets' | 'datasetEntries' | 'datasetEntryMappings' | 'router'>) {
  const datasetPicker = datasetPickerMachine.provide({ actors: { fetchDatasets: fromPromise(() => datasets.datasetOptions()) } });

  const datasetEntriesPage = datasetEntriesPageMachine.provide({
    actors: {
      list: pagedList(router, {
        fetchPage: ({ page, pageSize, filter }) =>
          datasetEntries.listEntries({ page, pageSize, search: filter.search, inDataset: parseRouteId(filter.dataset) ?? undefined }),
        deleteItem: datasetEntries.deleteEntry,
        filterNames: ENTRIES_FILTER,
      }),
      datasetOptions: resource(() => datasets.datasetOptions()),
      addEntry: addEntryMachine.provide({
        actors: {
          createEntry: fromPromise<CreatedEntry, NewEntry>(({ input }) => datasetEntries.createEntry(input)),
          linkDatasets: fromPromise<unknown, LinkDatasetsInput>(({ input }) =>
            datasetEntryMappings.linkEntryToDatasets(input.entryId, input.datasetIds),
          ),
          datasetPicker,
        },
      }),
      bulkUpload: bulkUploadLogic(datasetEntries),
    },
  });

  const entryEditor = entryEditorMachine.provide({
    actors: {
      fetchEntry: fromPromise(({ input }: { input: { entryId: number } }) => datasetEntries.findEntry(input.entryId)),
      saveEntry: fromPromise<unknown, SaveEntryInput>(({ input }) =>
        datasetEntries.updateEntry(input.entryId, { input: input.input, input_metadata: input.input_metadata }),
      ),
      saveLinks: fromPromise<unknown, SaveLinksInput>(({ input }) =>
        datasetEntryMappings.saveEntryLinks(input.entryId, input.before, input.after),
      ),
      datasetPicker,
    },
    // Cancel and save: back where the person came from, else to the list.
    actions: { goBack: () => router.back(ENTRIES_PATH) },
  });

  return { datasetEntriesPage, entryEditor };
}
