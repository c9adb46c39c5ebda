import { afterEach, describe, expect } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createEmptyActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { importProductsMachine } from '../../../src/machines/catalogue/import-products.machine';
import type { CatalogueFormat } from '../../../src/domain/catalogue/catalogue';
import { formatFileSize } from '../../../src/domain/shared/csv-file';
import type { UploadOptions } from '../../../src/domain/datasets/upload-types';
import { UploadError } from '../../../src/services/upload-csv';
import { CataloguePage } from '../../../src/views/catalogue/CataloguePage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the shortest path to every state of the 'Import products' machine by every edge into it (the
// state keyed with the step that reached it), replayed on the Catalogue screen with the fakes' calls.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof importProductsMachine>;
type ModelEvent =
  | EventFromLogic<typeof importProductsMachine>
  | ActorDone<'importProducts', { imported: number; created: number; updated: number }>
  | ActorError<'importProducts', Error>;

const csv = new File(['product_id,name\nP-1,Sofa\n'.repeat(50)], 'products.csv', { type: 'text/csv' });
const ndjson = new File(['{"product_id":"J-1","name":"Rug"}\n'], 'rugs.ndjson');
const counts = { imported: 1200, created: 1000, updated: 200 };
const badRows = new UploadError('Nothing was imported: the file has 2 problems', 400, [
  { row: 3, column: 'name', problem: 'must not be blank' },
  { row: 5, column: null, problem: 'has 3 cells but the header has 2' },
]);

const fileName = (event: ModelEvent) => ('file' in event ? `(${event.file.name})` : 'format' in event ? `(${event.format})` : '');
const describeEvent = (event: ModelEvent) => `${event.type}${fileName(event)}`;

const logic = importProductsMachine.provide({ actions: { sendReload: () => undefined } });

async function openPage() {
  const services = fakeDeps();
  renderWithLogic(services, '/catalogue', <CataloguePage />);
  await services.settle('productRows', { output: { items: [], total: 0 } });
  await services.settle('goldenSetOptions', { output: [] });
  await screen.findByText('No products yet.');
  return services;
}

const dialog = () => screen.getByRole('dialog', { name: 'Import products' });
const inDialog = (name: string) => within(dialog()).getByRole('button', { name }) as HTMLButtonElement;
const lastImport = (services: FakeDeps) => services.last('importProducts').args as [File, CatalogueFormat, UploadOptions];

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Import products' }));
    case 'user.close':
      return fireEvent.click(inDialog(within(dialog()).queryByRole('button', { name: 'Close' }) ? 'Close' : 'Cancel'));
    case 'user.chooseFile':
      return fireEvent.change(within(dialog()).getByLabelText('Products file'), { target: { files: [event.file] } });
    case 'user.changeFormat':
      return fireEvent.change(within(dialog()).getByLabelText('Format'), { target: { value: event.format } });
    case 'user.upload':
      return fireEvent.click(inDialog('Import'));
    case 'user.cancelUpload':
      return fireEvent.click(inDialog('Cancel'));
    case 'upload.progress':
      return act(() => lastImport(services)[2].onProgress!({ loaded: event.loaded, total: event.total }));
    case 'xstate.done.actor.importProducts':
      return services.settle('importProducts', { output: event.output });
    case 'xstate.error.actor.importProducts':
      return services.settle('importProducts', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  if (state.matches('closed')) {
    expect(screen.queryByRole('dialog')).toBeNull();
    return;
  }
  const { context } = state;
  if (state.matches({ open: 'complete' })) {
    const summary = within(dialog()).getByRole('region', { name: 'Import Complete' });
    expect(summary.textContent).toBe('Import Complete1,200 products imported (1,000 new, 200 updated)');
    expect(inDialog('Close').disabled).toBe(false);
    expect(within(dialog()).queryByRole('button', { name: 'Import' })).toBeNull();
    return;
  }
  const uploading = state.matches({ open: 'uploading' });
  const file = within(dialog()).getByLabelText('Products file') as HTMLInputElement;
  const format = within(dialog()).getByLabelText('Format') as HTMLSelectElement;
  expect(file.disabled).toBe(uploading);
  expect([format.value, format.disabled]).toEqual([context.format, uploading]);
  expect(within(dialog()).queryByText(/\((\d|\.)+ (Bytes|KB)\)$/)?.textContent ?? null).toBe(
    context.file ? `${context.file.name} (${formatFileSize(context.file.size)})` : null,
  );
  expect(inDialog(uploading ? 'Importing...' : 'Import').disabled).toBe(
    !(state.matches({ open: 'fileChosen' }) || state.matches({ open: 'failed' })),
  );
  expect(inDialog('Cancel').disabled).toBe(false);
  const percent = context.progress ? Math.floor((context.progress.loaded / context.progress.total) * 100) : 0;
  const bar = within(dialog()).queryByRole('progressbar');
  expect(bar ? [bar.getAttribute('value'), within(dialog()).getByText(/^Uploading\.\.\. \d+%$/).textContent] : null).toEqual(
    uploading ? [String(percent), `Uploading... ${percent}%`] : null,
  );
  const alerts = within(dialog())
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);
  // Rows of a CSV, lines of JSON Lines: as the upload that failed was read.
  const place = context.failure?.format === 'jsonl' ? 'Line' : 'Row';
  expect(alerts).toEqual(
    state.matches({ open: 'failed' })
      ? [
          `Failed to import products.Nothing was imported: the file has 2 problems${place} 3, column name: must not be blank${place} 5: has 3 cells but the header has 2`,
        ]
      : [],
  );
  expect(within(dialog()).queryByText('Import cancelled. Nothing was imported.') !== null).toBe(
    context.cancelled && state.matches({ open: 'fileChosen' }),
  );
}

describe('Import products: import-products paths', () => {
  replayShortestPaths(logic, {
    input: { reloadTarget: createEmptyActor() },
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open' },
        { type: 'user.close' },
        { type: 'user.chooseFile', file: csv },
        // One other file, before any is chosen: its name says JSON Lines.
        ...(state.context.file ? [] : ([{ type: 'user.chooseFile', file: ndjson }] satisfies ModelEvent[])),
        { type: 'user.changeFormat', format: state.context.format === 'csv' ? 'jsonl' : 'csv' },
        { type: 'user.upload' },
        { type: 'user.cancelUpload' },
        ...(state.matches({ open: 'uploading' })
          ? ([
              { type: 'upload.progress', loaded: 512, total: 2048 },
              { type: 'xstate.done.actor.importProducts', output: counts },
              { type: 'xstate.error.actor.importProducts', error: badRows },
            ] satisfies ModelEvent[])
          : []),
      ]),
    // Files stringify as {}: name them, or the two choices would count as one event.
    serializeEvent: (event) => JSON.stringify({ type: event.type, detail: fileName(event) }),
    // Each state once per edge into it, so every transition is walked.
    serializeState: (state, event, previous) =>
      JSON.stringify({
        value: state.value,
        context: { ...state.context, reloadTarget: undefined, file: state.context.file?.name ?? null },
        by: event && describeEvent(event),
        from: previous && { value: previous.value, format: previous.context.format, cancelled: previous.context.cancelled },
      }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 80 },
    describeEvent,
    setup: () => openPage(),
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => services.calls('productRows'),
    afterStep({ event, state }, services, before) {
      if (event.type === 'user.upload') {
        const [file, format] = lastImport(services);
        expect([file.name, format]).toEqual([state.context.file!.name, state.context.format]);
      }
      // Cancel aborts the request: the actor is stopped and its signal fires.
      if (event.type === 'user.cancelUpload') expect(lastImport(services)[2].signal!.aborted).toBe(true);
      // A complete import reloads the list.
      expect(services.calls('productRows')).toBe(before + (event.type === 'xstate.done.actor.importProducts' ? 1 : 0));
    },
  });
});
