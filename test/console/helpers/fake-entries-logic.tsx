import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromCallback, fromPromise } from 'xstate';
import { addEntryMachine } from '../../../src/machines/add-entry.machine';
import { bulkUploadMachine } from '../../../src/machines/bulk-upload.machine';
import { confirmModalMachine } from '../../../src/machines/confirm-modal.machine';
import { datasetPickerMachine } from '../../../src/machines/dataset-picker.machine';
import { entryEditorMachine } from '../../../src/machines/entry-editor.machine';
import { entryListMachine } from '../../../src/machines/entry-list.machine';
import { pagedListMachine, type PagedListEvent } from '../../../src/machines/paged-list.machine';

// The dataset-entries machines with every service replaced by a promise the test settles (as
// entries-providers.ts binds the real ones): the views run unchanged and the test decides each answer.

type Deferred = { input: unknown; signal: AbortSignal; resolve(value: unknown): void; reject(error: unknown): void };

export function fakeEntriesServices() {
  const started = new Map<string, Deferred[]>();
  const waiting = <Output, Input = unknown>(id: string) =>
    fromPromise<Output, Input>(
      ({ input, signal }) =>
        new Promise<Output>((resolve, reject) => {
          const call = { input, signal, resolve: resolve as (value: unknown) => void, reject };
          started.set(id, [...(started.get(id) ?? []), call]);
        }),
    );
  const location = memoryLocation({ path: '/', record: true });
  const navigate = (path: string) => location.navigate(path);
  let wentBack = 0;

  const datasetPicker = datasetPickerMachine.provide({ actors: { fetchDatasets: waiting('fetchDatasets') } });

  const entryList = entryListMachine.provide({
    actors: {
      list: pagedListMachine.provide({
        actors: {
          fetchPage: waiting('fetchPage'),
          listenForRoute: fromCallback<PagedListEvent>(() => () => undefined),
          confirmDelete: confirmModalMachine.provide({ actors: { performAction: waiting('performAction') } }),
        },
        actions: { showPage: (_, { page }: { page: number }) => navigate(`/dataset-entries?page=${page}`) },
      }),
      addEntry: addEntryMachine.provide({
        actors: { createEntry: waiting('createEntry'), linkDatasets: waiting('linkDatasets'), datasetPicker },
      }),
      bulkUpload: bulkUploadMachine.provide({ actors: { uploadCsv: waiting('uploadCsv') } }),
    },
  });

  const entryEditor = entryEditorMachine.provide({
    actors: { fetchEntry: waiting('fetchEntry'), saveEntry: waiting('saveEntry'), saveLinks: waiting('saveLinks'), datasetPicker },
    actions: {
      goBack: () => {
        wentBack += 1;
      },
    },
  });

  const calls = (id: string) => started.get(id)?.length ?? 0;
  const last = (id: string) => {
    const pending = started.get(id)?.at(-1);
    if (!pending) throw new Error(`${id} was never invoked`);
    return pending;
  };

  return {
    logic: { entryList, entryEditor },
    location,
    calls,
    last,
    wentBack: () => wentBack,
    /** Settles the latest call of an actor, as its service would. */
    async settle(id: string, outcome: { output: unknown } | { error: unknown }) {
      const pending = last(id);
      await act(async () => {
        if ('output' in outcome) pending.resolve(outcome.output);
        else pending.reject(outcome.error);
      });
    },
    currentPath: () => location.history!.at(-1),
  };
}

export type FakeEntriesServices = ReturnType<typeof fakeEntriesServices>;

export function renderAt(services: FakeEntriesServices, path: string, ui: ReactNode) {
  act(() => services.location.navigate(path, { replace: true }));
  return render(
    <Router hook={services.location.hook} searchHook={services.location.searchHook}>
      {ui}
    </Router>,
  );
}
