import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromCallback, fromPromise } from 'xstate';
import { confirmModalMachine } from '../../../src/machines/confirm-modal.machine';
import { createDatasetMachine } from '../../../src/machines/create-dataset.machine';
import { dashboardMachine } from '../../../src/machines/dashboard.machine';
import { datasetEditorMachine, type EntryWindow, type FetchEntriesInput } from '../../../src/machines/dataset-editor.machine';
import { entryEditorMachine } from '../../../src/machines/entry-editor.machine';
import { entryListMachine } from '../../../src/machines/entry-list.machine';
import { evaluationDetailMachine } from '../../../src/machines/evaluation-detail.machine';
import { experimentRunsMachine } from '../../../src/machines/experiment-runs.machine';
import { fileExportMachine } from '../../../src/machines/file-export.machine';
import { pagedListMachine, type PagedListEvent, type PageResult } from '../../../src/machines/paged-list.machine';
import { renameGoldenSetMachine } from '../../../src/machines/rename-golden-set.machine';
import { resourceMachine } from '../../../src/machines/resource.machine';
import { runProgressMachine } from '../../../src/machines/run-progress.machine';
import { runResultDetailsMachine } from '../../../src/machines/run-result-details.machine';
import type { DownloadedFile } from '../../../src/services/evaluation-backend';
import { scriptFilterMachine } from '../../../src/machines/script-filter.machine';
import { uploadGoldenSetMachine } from '../../../src/machines/upload-golden-set.machine';
import { LogicContext, type ConsoleLogic } from '../../../src/views/logic-context';

// The console's machines with every service replaced by a promise the test settles, as providers.ts binds
// the real ones: the views run unchanged, and the test decides when and how each call answers.

type Deferred = { input: unknown; resolve(value: unknown): void; reject(error: unknown): void };

export function fakeServices() {
  const started = new Map<string, Deferred[]>();
  const waiting = <Output, Input = unknown>(id: string) =>
    fromPromise<Output, Input>(
      ({ input }) =>
        new Promise<Output>((resolve, reject) => {
          started.set(id, [...(started.get(id) ?? []), { input, resolve: resolve as (value: unknown) => void, reject }]);
        }),
    );
  const routeListeners = new Set<(event: PagedListEvent) => void>();
  /** The files the exports (a run's, a golden set's) handed to the browser as downloads. */
  const saved: DownloadedFile[] = [];
  const location = memoryLocation({ path: '/', record: true });
  const navigate = (path: string) => location.navigate(path);
  const listenForRoute = fromCallback<PagedListEvent>(({ sendBack }) => {
    routeListeners.add(sendBack);
    return () => routeListeners.delete(sendBack);
  });
  /** A paged list of the evaluation backend whose page calls wait under `id`, their input with `extra`. */
  const backendList = (id: string, extra: Record<string, unknown> = {}) =>
    pagedListMachine.provide({
      actors: {
        fetchPage: fromPromise<PageResult<unknown>, { page: number; pageSize: number }>(
          ({ input }) =>
            new Promise((resolve, reject) => {
              started.set(id, [...(started.get(id) ?? []), { input: { ...input, ...extra }, resolve: resolve as (value: unknown) => void, reject }]);
            }),
        ),
        listenForRoute,
      },
      actions: { showPage: (_, { page }: { page: number }) => navigate(`${currentPathname()}?page=${page}`) },
    });
  const currentPathname = () => (location.history?.at(-1) ?? '/').split('?')[0];
  const perId = (make: (id: number) => typeof pagedListMachine) => {
    const made = new Map<number, typeof pagedListMachine>();
    return (id: number) => {
      if (!made.has(id)) made.set(id, make(id));
      return made.get(id)!;
    };
  };

  const logic: ConsoleLogic = {
    datasetList: pagedListMachine.provide({
      actors: {
        fetchPage: waiting('fetchPage'),
        listenForRoute: fromCallback<PagedListEvent>(({ sendBack }) => {
          routeListeners.add(sendBack);
          return () => routeListeners.delete(sendBack);
        }),
        confirmDelete: confirmModalMachine.provide({ actors: { performAction: waiting('performAction') } }),
      },
      actions: { showPage: (_, { page }: { page: number }) => navigate(`/datasets?page=${page}`) },
    }),
    createDataset: createDatasetMachine.provide({
      actors: { createDataset: waiting('createDataset') },
      actions: { openEditor: (_, { id }: { id: number }) => navigate(`/datasets/${id}/edit`) },
    }),
    datasetEditor: datasetEditorMachine.provide({
      actors: {
        fetchDataset: waiting('fetchDataset'),
        fetchEntries: fromPromise<EntryWindow, FetchEntriesInput>(
          ({ input }) =>
            new Promise<EntryWindow>((resolve, reject) => {
              const id = `fetch.${input.side}`;
              started.set(id, [...(started.get(id) ?? []), { input, resolve: resolve as (value: unknown) => void, reject }]);
            }),
        ),
        saveMoves: waiting('saveMoves'),
      },
    }),
    dashboard: dashboardMachine.provide({ actors: { fetchCounts: waiting('fetchCounts') } }),
    // The entries screens have their own fakes (fake-entries-logic.tsx); these tests never start them.
    entryList: entryListMachine,
    entryEditor: entryEditorMachine,
    evaluationDetail: evaluationDetailMachine.provide({
      actors: { loadEvaluation: waiting('loadEvaluation') },
      actions: { navigateTo: (_, { path }: { path: string }) => navigate(path) },
    }),
    scriptFilter: scriptFilterMachine.provide({
      actors: { fetchScriptOptions: waiting('fetchScriptOptions') },
      actions: { showFirstPage: () => location.navigate(`${currentPathname()}?page=1`, { replace: true }) },
    }),
    experimentList: backendList('experiments'),
    scriptExperimentList: perId((scriptId) => backendList('scriptExperiments', { scriptId })),
    scriptList: backendList('scripts'),
    scriptDetails: resourceMachine.provide({ actors: { fetchResource: waiting('fetchScript') } }),
    experimentRuns: experimentRunsMachine.provide({
      actors: {
        runList: resourceMachine.provide({ actors: { fetchResource: waiting('fetchRuns') } }),
        runProgress: runProgressMachine.provide({
          actors: { startRun: waiting('startRun'), fetchRun: waiting('fetchRun'), cancelRun: waiting('cancelRun') },
        }),
      },
    }),
    runResultList: perId((runId) => backendList('runResults', { runId })),
    runSummary: resourceMachine.provide({ actors: { fetchResource: waiting('fetchRunSummary') } }),
    runExport: fileExportMachine.provide({
      actors: { fetchExport: waiting('fetchExport') },
      actions: { saveFile: (_, file: DownloadedFile) => void saved.push(file) },
    }),
    runResultDetails: runResultDetailsMachine.provide({
      actions: { navigateTo: (_, { path }: { path: string }) => navigate(path) },
    }),
    goldenSetList: pagedListMachine.provide({
      actors: {
        fetchPage: waiting('goldenSets'),
        listenForRoute,
        confirmDelete: confirmModalMachine.provide({ actors: { performAction: waiting('deleteGoldenSet') } }),
      },
      actions: { showPage: (_, { page }: { page: number }) => navigate(`/golden-sets?page=${page}`) },
    }),
    uploadGoldenSet: uploadGoldenSetMachine.provide({ actors: { uploadGoldenSet: waiting('uploadGoldenSet') } }),
    renameGoldenSet: renameGoldenSetMachine.provide({ actors: { saveGoldenSet: waiting('saveGoldenSet') } }),
    goldenSetExport: fileExportMachine.provide({
      actors: { fetchExport: waiting('fetchGoldenSetExport') },
      actions: { saveFile: (_, file: DownloadedFile) => void saved.push(file) },
    }),
  };

  /** How many times an actor was started. */
  const calls = (id: string) => started.get(id)?.length ?? 0;
  const last = (id: string) => {
    const pending = started.get(id)?.at(-1);
    if (!pending) throw new Error(`${id} was never invoked`);
    return pending;
  };

  return {
    logic,
    location,
    saved,
    calls,
    last,
    /** Settles the latest call of an actor, as its service would. */
    async settle(id: string, outcome: { output: unknown } | { error: unknown }) {
      const pending = last(id);
      await act(async () => {
        if ('output' in outcome) pending.resolve(outcome.output);
        else pending.reject(outcome.error);
      });
    },
    /** The address changes outside the list (Back, Forward). */
    routeTo(path: string, event: PagedListEvent) {
      act(() => {
        location.navigate(path);
        routeListeners.forEach((send) => send(event));
      });
    },
    currentPath: () => location.history!.at(-1),
  };
}

export type FakeServices = ReturnType<typeof fakeServices>;

export function renderWithLogic(services: FakeServices, path: string, ui: ReactNode) {
  act(() => services.location.navigate(path, { replace: true }));
  return render(
    <Router hook={services.location.hook} searchHook={services.location.searchHook}>
      <LogicContext.Provider value={services.logic}>{ui}</LogicContext.Provider>
    </Router>,
  );
}
