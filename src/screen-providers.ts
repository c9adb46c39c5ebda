// The screens' half of providers.ts: their machines meet the services and the router here. Loaded as
// its own chunk once someone is signed in, so /login does not carry it.
import { fromCallback, fromPromise } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { confirmModalMachine, type ConfirmSubject } from './machines/confirm-modal.machine';
import { createDatasetMachine, type CreatedDataset } from './machines/create-dataset.machine';
import { dashboardMachine } from './machines/dashboard.machine';
import { datasetEditorMachine, type EntryWindow, type FetchEntriesInput, type SaveMovesInput } from './machines/dataset-editor.machine';
import { evaluationDetailMachine } from './machines/evaluation-detail.machine';
import { experimentRunsMachine } from './machines/experiment-runs.machine';
import { fileExportMachine, type FileExportRequest } from './machines/file-export.machine';
import { PAGE_SIZE, pagedListMachine, pageFromSearch, type PagedListEvent, type PageResult } from './machines/paged-list.machine';
import { renameGoldenSetMachine, type GoldenSetToRename } from './machines/rename-golden-set.machine';
import { resourceMachine } from './machines/resource.machine';
import { runProgressMachine } from './machines/run-progress.machine';
import { runResultDetailsMachine } from './machines/run-result-details.machine';
import { scriptFilterMachine, type ScriptOption } from './machines/script-filter.machine';
import { uploadGoldenSetMachine, type GoldenSetUpload } from './machines/upload-golden-set.machine';
import { saveBlob } from './services/download-file';
import * as backendApi from './services/evaluation-backend';
import type { DownloadedFile, ExperimentRun } from './services/evaluation-backend';
import { createScriptNameCache, withScriptNames, type ScriptNameCache } from './services/script-names';
import { apiClients, apiSession, loadRuntime } from './providers';
import { createCsvUploader, createFormPoster } from './services/upload-csv';
import { createEntriesLogic } from './entries-providers';
import { moveEachEntry } from './services/entry-moves';
import { createEvaluationService, failureMessage, type EvaluationService } from './services/evaluation-service';
import { loadSampleEvaluation } from './services/sample-evaluations';


let evaluationService: Promise<EvaluationService> | undefined;

/** The evaluation service's typed calls (spec §7), over the signed-in session's client. */
function service(): Promise<EvaluationService> {
  evaluationService ??= apiClients().then(
    ({ evaluationService: api }) => createEvaluationService(api),
    (error: unknown) => {
      evaluationService = undefined;
      throw error;
    },
  );
  return evaluationService;
}

type Backend = { api: Awaited<ReturnType<typeof apiClients>>['evaluationBackend']; scriptNames: ScriptNameCache };

let evaluationBackend: Promise<Backend> | undefined;

/** The separate evaluation backend (spec §7) and its one cache of script names for this page load. */
function backend(): Promise<Backend> {
  evaluationBackend ??= apiClients().then(
    ({ evaluationBackend: api }) => ({ api, scriptNames: createScriptNameCache((id) => backendApi.getScript(api, id)) }),
    (error: unknown) => {
      evaluationBackend = undefined;
      throw error;
    },
  );
  return evaluationBackend;
}

/** Every script for the 'Filter by Script' dropdown: the scripts call page by page until a short page. */
async function allScriptOptions(): Promise<ScriptOption[]> {
  const { api } = await backend();
  const options: ScriptOption[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const { results } = await backendApi.listScripts(api, page, PAGE_SIZE);
    options.push(...results.map(({ id, name }) => ({ id, name })));
    if (results.length < PAGE_SIZE) break;
  }
  return options;
}

type PageInput = { page: number; pageSize: number };

/** One paged table of the backend: its page call, the page in the address, Back and Forward. */
function backendList(fetch: (api: Backend, input: PageInput) => Promise<unknown[]>) {
  return pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<PageResult<unknown>, PageInput>(async ({ input }) => ({ items: await fetch(await backend(), input), total: null })),
      listenForRoute,
    },
    actions: { showPage },
  });
}

/** One machine per id, made once: a view keeps the same logic across renders. */
function perId<Logic>(make: (id: number) => Logic): (id: number) => Logic {
  const made = new Map<number, Logic>();
  return (id) => {
    if (!made.has(id)) made.set(id, make(id));
    return made.get(id)!;
  };
}

/** `?page=n` of the list's own path, as a new history entry so Back returns to the page before. */
const showPage = (_: unknown, { page }: { page: number }) => navigate(`${window.location.pathname}?page=${page}`);

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

const confirmDatasetDelete = confirmModalMachine.provide({
  actors: {
    performAction: fromPromise(async ({ input }: { input: { subject: ConfirmSubject } }) =>
      (await service()).deleteDataset(input.subject.id),
    ),
  },
});

/** A backend call whose failure says what the server said (e.g. a duplicate name's 409). */
async function explained<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new Error(failureMessage(error), { cause: error });
  }
}

/** How many golden sets there are: the list's total. */
async function countGoldenSets(): Promise<number> {
  const { api } = await backend();
  return (await explained(() => backendApi.listGoldenSets(api, 1, 1))).count;
}

/** POST golden-sets/ as multipart: the text fields first (the server reads them before the files). */
async function uploadGoldenSet(upload: GoldenSetUpload): Promise<void> {
  const { config, auth } = await loadRuntime();
  const url = `${config.evaluationBackendUrl.replace(/\/+$/, '')}/golden-sets/`;
  await createFormPoster(apiSession(auth))(url, () => {
    const form = new FormData();
    form.append('name', upload.name);
    form.append('description', upload.description);
    form.append('market', upload.market);
    form.append('format', upload.format);
    form.append('file', upload.file, upload.file.name);
    if (upload.format === 'trec' && upload.queries) form.append('queries', upload.queries, upload.queries.name);
    return form;
  });
}

/** The file-export machine over one download of the backend; a format it does not offer fails like a refusal. */
function fileExport<Format extends string>(
  formats: readonly Format[],
  download: (api: Backend['api'], id: number, format: Format) => Promise<DownloadedFile>,
) {
  return fileExportMachine.provide({
    actors: {
      fetchExport: fromPromise<DownloadedFile, FileExportRequest>(async ({ input }) => {
        const format = formats.find((offered) => offered === input.format);
        if (format === undefined) throw new Error(`There is no ${input.format} export.`);
        const { api } = await backend();
        return explained(() => download(api, input.id, format));
      }),
    },
    actions: { saveFile: (_, file: DownloadedFile) => saveBlob(file.blob, file.filename) },
  });
}

/** Every machine of the screens with its real actors: App hands these to the views. */
const entriesLogic = createEntriesLogic({
  service,
  uploadCsv: async (file, options) => {
    const { config, auth } = await loadRuntime();
    return createCsvUploader(config.evaluationServiceUrl, apiSession(auth))(file, options);
  },
});

export const consoleLogic = {
  entryList: entriesLogic.entryList,
  entryEditor: entriesLogic.entryEditor,
  datasetList: pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<PageResult<unknown>, { page: number; pageSize: number }>(async ({ input }) =>
        (await service()).listDatasets(input),
      ),
      listenForRoute,
      confirmDelete: confirmDatasetDelete,
    },
    actions: { showPage },
  }),
  createDataset: createDatasetMachine.provide({
    actors: {
      createDataset: fromPromise<CreatedDataset, { name: string; description: string }>(async ({ input }) =>
        (await service()).createDataset(input),
      ),
    },
    actions: { openEditor: (_, { id }: { id: number }) => navigate(`/datasets/${id}/edit`) },
  }),
  datasetEditor: datasetEditorMachine.provide({
    actors: {
      fetchDataset: fromPromise(async ({ input }: { input: { datasetId: number } }) => {
        try {
          return await (await service()).getDataset(input.datasetId);
        } catch (error) {
          if (isNotFound(error)) return null;
          throw error;
        }
      }),
      fetchEntries: fromPromise<EntryWindow, FetchEntriesInput>(async ({ input }) => {
        const api = await service();
        const side = input.side === 'included' ? { inDataset: input.datasetId } : { notInDataset: input.datasetId };
        const [window, all] = await Promise.all([
          api.listEntries({ page: input.page, pageSize: input.pageSize, search: input.search, ...side }),
          // The heading counts the whole side; a searched window's total counts only the matches.
          input.search ? api.listEntries({ page: 1, pageSize: 1, ...side }) : undefined,
        ]);
        const total = window.total ?? window.items.length;
        return { ...window, total, count: all ? (all.total ?? total) : total };
      }),
      saveMoves: fromPromise(async ({ input }: { input: SaveMovesInput }) => {
        const api = await service();
        const call =
          input.direction === 'add'
            ? (entryId: number) => api.addEntryToDataset(input.datasetId, entryId)
            : (entryId: number) => api.removeEntryFromDataset(input.datasetId, entryId);
        await moveEachEntry(input.entryIds, call, input.direction);
      }),
    },
  }),
  dashboard: dashboardMachine.provide({
    actors: {
      fetchCounts: fromPromise(async () => {
        const [counts, goldenSets] = await Promise.all([(await service()).countDatasetsAndEntries(), countGoldenSets()]);
        return { ...counts, goldenSets };
      }),
    },
  }),
  // Spec §2: the evaluations screens run on sample data (src/fixtures) after a fake load.
  evaluationDetail: evaluationDetailMachine.provide({
    actors: {
      loadEvaluation: fromPromise(({ input }: { input: { evaluationId: string } }) => loadSampleEvaluation(input.evaluationId)),
    },
    actions: { navigateTo: (_, { path }: { path: string }) => navigate(path) },
  }),

  // ---- The separate evaluation backend's screens (spec §2, /experiments to the run result details). ----
  scriptFilter: scriptFilterMachine.provide({
    actors: { fetchScriptOptions: fromPromise(allScriptOptions) },
    actions: { showFirstPage: () => navigate(`${window.location.pathname}?page=1`, { replace: true }) },
  }),
  // Spec §7: each distinct script of the experiments is fetched once (the cache) to show its name.
  experimentList: backendList(async ({ api, scriptNames }, { page, pageSize }) => {
    const experiments = await backendApi.listExperiments(api, page, pageSize);
    return withScriptNames(experiments, await scriptNames.namesOf(experiments.map((row) => row.evaluation_script_id)));
  }),
  scriptExperimentList: perId((scriptId) =>
    backendList(async ({ api, scriptNames }, { page, pageSize }) => {
      const { results } = await backendApi.listScriptExperiments(api, scriptId, page, pageSize);
      return withScriptNames(results, await scriptNames.namesOf(results.map((row) => row.evaluation_script_id)));
    }),
  ),
  scriptList: backendList(async ({ api }, { page, pageSize }) => (await backendApi.listScripts(api, page, pageSize)).results),
  scriptDetails: resourceMachine.provide({
    actors: {
      fetchResource: fromPromise<unknown, { id: number }>(async ({ input }) => backendApi.getScript((await backend()).api, input.id)),
    },
  }),
  // An experiment's runs with Run experiment and the live progress of a run; failures carry the server's message.
  experimentRuns: experimentRunsMachine.provide({
    actors: {
      runList: resourceMachine.provide({
        actors: {
          fetchResource: fromPromise<unknown, { id: number }>(async ({ input }) =>
            backendApi.listRunsByExperiment((await backend()).api, input.id),
          ),
        },
      }),
      runProgress: runProgressMachine.provide({
        actors: {
          startRun: fromPromise<ExperimentRun, { experimentId: number }>(async ({ input }) => {
            const { api } = await backend();
            return explained(() => backendApi.startRun(api, input.experimentId));
          }),
          fetchRun: fromPromise<ExperimentRun, { runId: number }>(async ({ input }) => {
            const { api } = await backend();
            return explained(() => backendApi.getRun(api, input.runId));
          }),
          cancelRun: fromPromise<ExperimentRun, { runId: number }>(async ({ input }) => {
            const { api } = await backend();
            return explained(() => backendApi.cancelRun(api, input.runId));
          }),
        },
      }),
    },
  }),
  runResultList: perId((runId) =>
    backendList(({ api }, { page, pageSize }) => backendApi.listRunResults(api, runId, page, pageSize)),
  ),
  runSummary: resourceMachine.provide({
    actors: {
      fetchResource: fromPromise<unknown, { id: number }>(async ({ input }) => {
        const { api } = await backend();
        return explained(() => backendApi.getRun(api, input.id));
      }),
    },
  }),
  runExport: fileExport(backendApi.runExportFormats, backendApi.downloadRunResults),
  runResultDetails: runResultDetailsMachine.provide({
    actions: { navigateTo: (_, { path }: { path: string }) => navigate(path) },
  }),

  // ---- Golden sets (issue 7), on the evaluation backend. ----
  goldenSetList: pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<PageResult<unknown>, PageInput>(async ({ input }) => {
        const { api } = await backend();
        const { count, results } = await explained(() => backendApi.listGoldenSets(api, input.page, input.pageSize));
        return { items: results, total: count };
      }),
      listenForRoute,
      confirmDelete: confirmModalMachine.provide({
        actors: {
          performAction: fromPromise(async ({ input }: { input: { subject: ConfirmSubject } }) => {
            const { api } = await backend();
            await explained(() => backendApi.deleteGoldenSet(api, input.subject.id));
          }),
        },
      }),
    },
    actions: { showPage },
  }),
  uploadGoldenSet: uploadGoldenSetMachine.provide({
    actors: { uploadGoldenSet: fromPromise<void, GoldenSetUpload>(({ input }) => uploadGoldenSet(input)) },
  }),
  goldenSetExport: fileExport(backendApi.goldenSetExportFormats, backendApi.downloadGoldenSet),
  renameGoldenSet: renameGoldenSetMachine.provide({
    actors: {
      saveGoldenSet: fromPromise<void, GoldenSetToRename>(async ({ input: { id, ...changes } }) => {
        const { api } = await backend();
        await explained(() => backendApi.updateGoldenSet(api, id, changes));
      }),
    },
  }),
};

function isNotFound(error: unknown): boolean {
  const cause = (error as { cause?: { statusCode?: number } } | undefined)?.cause;
  return cause?.statusCode === 404;
}
