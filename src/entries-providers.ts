// The dataset-entries screens' machines with their real actors (spec §2 /dataset-entries and
// /dataset-entries/{id}/edit), bound as providers.ts binds the others. A factory over the service and the
// upload function, because the XHR upload needs the session that only providers.ts holds (see its wiring).
import { fromCallback, fromPromise } from 'xstate';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { addEntryMachine, type CreatedEntry, type LinkDatasetsInput, type NewEntry } from './machines/add-entry.machine';
import { bulkUploadMachine, type UploadInput } from './machines/bulk-upload.machine';
import { confirmModalMachine, type ConfirmSubject } from './machines/confirm-modal.machine';
import { datasetPickerMachine, type DatasetOption } from './machines/dataset-picker.machine';
import { entryEditorMachine, type SaveEntryInput, type SaveLinksInput } from './machines/entry-editor.machine';
import { entryListMachine } from './machines/entry-list.machine';
import { pagedListMachine, pageFromSearch, type PagedListEvent, type PageResult } from './machines/paged-list.machine';
import type { DatasetEntry, EvaluationService } from './services/evaluation-service';
import { applyLinkDiff, mappingsOf } from './services/link-diff';
import type { BulkUploadCounts, CsvUploader } from './services/upload-csv';

export const ENTRIES_PATH = '/dataset-entries';

export type EntriesDependencies = {
  /** The evaluation service's typed calls over the signed-in session. */
  service(): Promise<EvaluationService>;
  /** POST dataset-entries/bulk-upload with progress, over the same session (services/upload-csv.ts). */
  uploadCsv: CsvUploader;
  /** Address changes; wouter's browser navigate unless a test says otherwise. */
  navigate?(path: string): void;
  /** Cancel and save in the editor: back where the person came from. */
  goBack?(): void;
};

/** Back to the page before (the list at its page) when there is one, else to the list. */
function historyBack(navigate: (path: string) => void) {
  return () => {
    if (window.history.length > 1) window.history.back();
    else navigate(ENTRIES_PATH);
  };
}

function isNotFound(error: unknown): boolean {
  const cause = (error as { cause?: { statusCode?: number } } | undefined)?.cause;
  return cause?.statusCode === 404;
}

export function createEntriesLogic(deps: EntriesDependencies) {
  const navigate = deps.navigate ?? ((path: string) => browserNavigate(path));
  const goBack = deps.goBack ?? historyBack(navigate);
  const { service } = deps;

  /** Back, Forward and links that change `?page=` of the list's path while the list is shown. */
  const listenForRoute = fromCallback<PagedListEvent>(({ sendBack }) => {
    const path = window.location.pathname;
    const onChange = () => {
      if (window.location.pathname === path) sendBack({ type: 'route.pageChanged', page: pageFromSearch(window.location.search) });
    };
    // wouter's browser location announces pushState/replaceState as events of these names.
    const events = ['popstate', 'pushState', 'replaceState'];
    events.forEach((name) => window.addEventListener(name, onChange));
    return () => events.forEach((name) => window.removeEventListener(name, onChange));
  });

  const datasetPicker = datasetPickerMachine.provide({
    actors: {
      fetchDatasets: fromPromise<DatasetOption[]>(async () =>
        (await (await service()).listAllDatasets()).map(({ id, name }) => ({ id, name })),
      ),
    },
  });

  const entryList = entryListMachine.provide({
    actors: {
      list: pagedListMachine.provide({
        actors: {
          fetchPage: fromPromise<PageResult<unknown>, { page: number; pageSize: number }>(async ({ input }) =>
            (await service()).listEntries(input),
          ),
          listenForRoute,
          confirmDelete: confirmModalMachine.provide({
            actors: {
              performAction: fromPromise(async ({ input }: { input: { subject: ConfirmSubject } }) =>
                (await service()).deleteEntry(input.subject.id),
              ),
            },
          }),
        },
        actions: { showPage: (_, { page }: { page: number }) => navigate(`${ENTRIES_PATH}?page=${page}`) },
      }),
      addEntry: addEntryMachine.provide({
        actors: {
          createEntry: fromPromise<CreatedEntry, NewEntry>(async ({ input }) => (await service()).createEntry(input)),
          // Spec §7: the chosen datasets in one POST dataset-entry-mappings/ call.
          linkDatasets: fromPromise<unknown, LinkDatasetsInput>(async ({ input }) =>
            (await service()).addMappings(mappingsOf(input.entryId, input.datasetIds)),
          ),
          datasetPicker,
        },
      }),
      bulkUpload: bulkUploadMachine.provide({
        actors: {
          uploadCsv: fromPromise<BulkUploadCounts, UploadInput>(({ input, signal }) =>
            deps.uploadCsv(input.file, { signal, onProgress: input.reportProgress }),
          ),
        },
      }),
    },
  });

  const entryEditor = entryEditorMachine.provide({
    actors: {
      fetchEntry: fromPromise<DatasetEntry | null, { entryId: number }>(async ({ input }) => {
        try {
          return await (await service()).getEntry(input.entryId);
        } catch (error) {
          if (isNotFound(error)) return null;
          throw error;
        }
      }),
      saveEntry: fromPromise<unknown, SaveEntryInput>(async ({ input }) =>
        (await service()).updateEntry(input.entryId, { input: input.input, input_metadata: input.input_metadata }),
      ),
      // Spec §4: links added are created, links removed are deleted.
      saveLinks: fromPromise<unknown, SaveLinksInput>(async ({ input }) =>
        applyLinkDiff(await service(), input.entryId, input.before, input.after),
      ),
      datasetPicker,
    },
    actions: { goBack },
  });

  return { entryList, entryEditor };
}

export type EntriesLogic = ReturnType<typeof createEntriesLogic>;
