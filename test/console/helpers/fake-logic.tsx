import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromCallback, fromPromise } from 'xstate';
import { confirmModalMachine } from '../../../src/machines/confirm-modal.machine';
import { createDatasetMachine } from '../../../src/machines/create-dataset.machine';
import { dashboardMachine } from '../../../src/machines/dashboard.machine';
import { datasetEditorMachine, type EntryWindow, type FetchEntriesInput } from '../../../src/machines/dataset-editor.machine';
import { evaluationDetailMachine } from '../../../src/machines/evaluation-detail.machine';
import { pagedListMachine, type PagedListEvent } from '../../../src/machines/paged-list.machine';
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
  const location = memoryLocation({ path: '/', record: true });
  const navigate = (path: string) => location.navigate(path);

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
    evaluationDetail: evaluationDetailMachine.provide({
      actors: { loadEvaluation: waiting('loadEvaluation') },
      actions: { navigateTo: (_, { path }: { path: string }) => navigate(path) },
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
