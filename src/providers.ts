// The one place where machines meet services and the router: each flow's machine gets its real actors
// (and navigation, as named actions) through .provide() here.
import { createActor, fromCallback, fromPromise, type Actor } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { authMachine } from './machines/auth.machine';
import { confirmModalMachine, type ConfirmSubject } from './machines/confirm-modal.machine';
import { createDatasetMachine, type CreatedDataset } from './machines/create-dataset.machine';
import { dashboardMachine } from './machines/dashboard.machine';
import { datasetEditorMachine, type EntryWindow, type FetchEntriesInput, type SaveMovesInput } from './machines/dataset-editor.machine';
import { evaluationDetailMachine } from './machines/evaluation-detail.machine';
import { pagedListMachine, pageFromSearch, type PagedListEvent, type PageResult } from './machines/paged-list.machine';
import { createApiClients } from './services/api-client';
import { moveEachEntry } from './services/entry-moves';
import { createEvaluationService, type EvaluationService } from './services/evaluation-service';
import { createAuthClient, type AuthClient } from './services/auth-client';
import { loadRuntimeConfig, type RuntimeConfig } from './services/runtime-config';
import { loadSampleEvaluation } from './services/sample-evaluations';

type Runtime = { config: RuntimeConfig; auth: AuthClient };

let runtime: Promise<Runtime> | undefined;

/** /config.json once per page; a failure is not cached, so the next sign-in attempt asks again. */
function loadRuntime(): Promise<Runtime> {
  runtime ??= loadRuntimeConfig().then(
    (config) => ({
      config,
      auth: createAuthClient(config, {
        origin: window.location.origin,
        storage: window.localStorage,
        locks: navigator.locks,
        assign: (url) => window.location.assign(url),
      }),
    }),
    (error: unknown) => {
      runtime = undefined;
      throw error;
    },
  );
  return runtime;
}

export const authLogic = authMachine.provide({
  actors: {
    restoreSession: fromPromise(async () => (await loadRuntime()).auth.restoreSession()),
    handleRedirectCallback: fromPromise(async ({ input }: { input: { url: string } }) =>
      (await loadRuntime()).auth.handleRedirectCallback(input.url),
    ),
    // Spec §2: the Log In button starts a redirect login with no options.
    loginWithRedirect: fromPromise(async () => (await loadRuntime()).auth.loginWithRedirect()),
    loginWithPopup: fromPromise(async () => (await loadRuntime()).auth.loginWithPopup()),
    logout: fromPromise(async () => (await loadRuntime()).auth.logout()),
  },
  actions: {
    replaceAddress: (_, { path }: { path: string }) => navigate(path, { replace: true }),
    forgetSession: () => {
      void runtime?.then(({ auth }) => auth.forgetSession(), () => undefined);
    },
  },
});

let authActor: Actor<typeof authLogic> | undefined;

/** Starts the one auth actor of the page, reading a redirect callback from the address it was opened at. */
export function startAuth(): Actor<typeof authLogic> {
  authActor = createActor(authLogic, { input: { url: window.location.href } });
  authActor.start();
  return authActor;
}

/** The evaluation service and backend clients (spec §7) for the machines of the screens to come. */
export async function apiClients() {
  const { config, auth } = await loadRuntime();
  return createApiClients(config, {
    getAccessToken: (options) => auth.getAccessToken(options),
    onSignedOut: (error) => authActor?.send({ type: 'session.ended', error }),
  });
}

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

/** Every machine of the screens with its real actors: App hands these to the views. */
export const consoleLogic = {
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
      fetchCounts: fromPromise(async () => (await service()).countDatasetsAndEntries()),
    },
  }),
  // Spec §2: the evaluations screens run on sample data (src/fixtures) after a fake load.
  evaluationDetail: evaluationDetailMachine.provide({
    actors: {
      loadEvaluation: fromPromise(({ input }: { input: { evaluationId: string } }) => loadSampleEvaluation(input.evaluationId)),
    },
    actions: { navigateTo: (_, { path }: { path: string }) => navigate(path) },
  }),
};

function isNotFound(error: unknown): boolean {
  const cause = (error as { cause?: { statusCode?: number } } | undefined)?.cause;
  return cause?.statusCode === 404;
}
