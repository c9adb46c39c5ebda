import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createEmptyActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { bulkUploadMachine, NOT_CSV_FIX, PROBLEMS_FIX } from '../../../src/machines/datasets/bulk-upload.machine';
import type { BulkUploadCounts, BulkUploadSettings, UploadOptions } from '../../../src/domain/datasets/upload-types';
import { formatFileSize } from '../../../src/domain/shared/csv-file';
import { UploadError } from '../../../src/services/upload-csv';
import { DatasetEntriesPage } from '../../../src/views/entries/DatasetEntriesPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the bulk-upload machine's simple paths (every way to each state without a loop), replayed on the Dataset Entries screen.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof bulkUploadMachine>;
type ModelEvent = EventFromLogic<typeof bulkUploadMachine> | ActorDone<'uploadCsv', BulkUploadCounts> | ActorError<'uploadCsv', Error>;

const csv = new File(['input,datasets\nsofa,Sofas\n'.repeat(100)], 'entries.csv', { type: 'text/csv' });
const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
const counts = {
  created_entries: 10_000,
  created_datasets: 3,
  created_mappings: 12_000,
  existing_inputs: 4,
  repeated_inputs: 1,
  skipped_inputs: 3,
};
const badRow = new UploadError('The CSV has 1 problem; nothing was imported', 400, [
  { row: 9001, column: 'input_metadata', problem: 'is not valid JSON' },
]);

const logic = bulkUploadMachine.provide({ actions: { sendReload: () => undefined } });

async function openPage() {
  const services = fakeDeps();
  renderWithLogic(services, '/dataset-entries', <DatasetEntriesPage />);
  await services.settle('listEntries', { output: { items: [], total: 0 } });
  await screen.findByText('No dataset entries yet.');
  return services;
}

const dialog = () => screen.getByRole('dialog', { name: 'Bulk Upload' });
const skipBox = () => within(dialog()).getByLabelText(/^Skip inputs that already exist in the dataset/) as HTMLInputElement;
const inDialog = (name: string) => within(dialog()).getByRole('button', { name }) as HTMLButtonElement;

/** The abort signal the latest upload was given. */
const signalOf = (services: FakeDeps) => (services.last('uploadEntries').args as [File, UploadOptions])[1].signal!;

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Bulk Upload' }));
    case 'user.close':
      return fireEvent.click(inDialog(within(dialog()).queryByRole('button', { name: 'Close' }) ? 'Close' : 'Cancel'));
    case 'user.chooseFile':
      return fireEvent.change(within(dialog()).getByLabelText('CSV file'), { target: { files: [event.file] } });
    case 'user.upload':
      return fireEvent.click(inDialog('Upload'));
    case 'user.changeSettings':
      return fireEvent.click(skipBox());
    case 'user.cancelUpload':
      return fireEvent.click(inDialog('Cancel'));
    case 'upload.progress': {
      const [, options] = services.last('uploadEntries').args as [File, UploadOptions];
      return act(() => options.onProgress!({ loaded: event.loaded, total: event.total }));
    }
    case 'xstate.done.actor.uploadCsv':
      return services.settle('uploadEntries', { output: event.output });
    case 'xstate.error.actor.uploadCsv':
      return services.settle('uploadEntries', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  if (state.matches('closed')) {
    expect(screen.queryByRole('dialog')).toBeNull();
    return;
  }
  const { context } = state;
  if (state.matches({ open: 'complete' })) {
    const summary = within(dialog()).getByRole('region', { name: 'Upload Complete' });
    const existing = context.settings.skipExisting
      ? '4 inputs were in their dataset already and 1 input repeated an earlier row: skipped, 3 rows not stored.'
      : '4 inputs were in their dataset already and 1 input repeated an earlier row: added anyway.';
    expect(summary.textContent).toBe(
      `Upload Complete10,000 entries · 3 datasets · 12,000 links created${existing}created_entries10000created_datasets3created_mappings12000`,
    );
    expect(inDialog('Close').disabled).toBe(false);
    return;
  }
  const uploading = state.matches({ open: 'uploading' });
  expect(within(dialog()).getByText(/^Columns:/)).toBeTruthy();
  expect(within(dialog()).queryByText(`entries.csv (${formatFileSize(csv.size)})`) !== null).toBe(context.file !== null);
  expect((within(dialog()).getByLabelText('CSV file') as HTMLInputElement).disabled).toBe(uploading);
  // The entries page presets no dataset: rows go where their datasets column says.
  expect(within(dialog()).queryByText(/^Every row goes into/)).toBeNull();
  expect([skipBox().checked, skipBox().disabled]).toEqual([context.settings.skipExisting, uploading]);
  expect(inDialog(uploading ? 'Uploading...' : 'Upload').disabled).toBe(
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
  const expected: string[] = [];
  if (context.fileError) expected.push(`Please select a CSV file${NOT_CSV_FIX}`);
  if (state.matches({ open: 'failed' })) {
    expected.push(
      `Failed to upload file. Please try again.The CSV has 1 problem; nothing was imported${PROBLEMS_FIX}Row 9001, column input_metadata: is not valid JSON`,
    );
  }
  expect(alerts).toEqual(expected);
  expect(within(dialog()).queryByText('Upload cancelled. Nothing was imported.') !== null).toBe(
    context.cancelled && state.matches({ open: 'fileChosen' }),
  );
}

describe('Bulk upload: bulk-upload paths', () => {
  replayShortestPaths(logic, {
    simplePaths: true,
    input: { reloadTarget: createEmptyActor() },
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open' },
        { type: 'user.close' },
        { type: 'user.chooseFile', file: csv },
        { type: 'user.chooseFile', file: text },
        { type: 'user.upload' },
        { type: 'user.cancelUpload' },
        // Ticked once, with the CSV chosen and nothing tried yet: every later state would otherwise come twice over.
        ...(state.matches({ open: 'fileChosen' }) &&
        state.context.file === csv &&
        !state.context.settings.skipExisting &&
        !state.context.cancelled
          ? [{ type: 'user.changeSettings', settings: { skipExisting: true } } as const]
          : []),
        ...(state.matches({ open: 'uploading' })
          ? ([
              { type: 'upload.progress', loaded: 512, total: 2048 },
              { type: 'xstate.done.actor.uploadCsv', output: counts },
              { type: 'xstate.error.actor.uploadCsv', error: badRow },
            ] satisfies ModelEvent[])
          : []),
      ]),
    // Files stringify as {}: name them, or the two choices would count as one event.
    serializeEvent: (event) => JSON.stringify('file' in event ? { ...event, file: event.file.name } : event),
    serializeState: (state) =>
      JSON.stringify({ value: state.value, context: { ...state.context, file: state.context.file?.name ?? null } }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 55 },
    describeEvent: (event) => ('file' in event ? `${event.type}(${event.file.name})` : event.type),
    setup: () => openPage(),
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => ({ entries: services.calls('listEntries'), datasets: services.calls('datasetOptions') }),
    afterStep({ event }, services, before) {
      if (event.type === 'user.upload') {
        const [file, options] = services.last('uploadEntries').args as [File, { settings: BulkUploadSettings }];
        expect([file, options.settings]).toEqual([csv, { dataset: null, skipExisting: skipBox().checked }]);
      }
      // Cancel aborts the request: the actor is stopped and its signal fires.
      if (event.type === 'user.cancelUpload') expect(signalOf(services).aborted).toBe(true);
      // A complete upload reloads the list, and the dataset filter's choices: the CSV may have named new datasets.
      const reloads = event.type === 'xstate.done.actor.uploadCsv' ? 1 : 0;
      expect({ entries: services.calls('listEntries'), datasets: services.calls('datasetOptions') }).toEqual({
        entries: before.entries + reloads,
        datasets: before.datasets + reloads,
      });
    },
  });

  it('Escape while uploading cancels the upload and keeps the dialog', async () => {
    const services = await openPage();
    await perform({ type: 'user.open' }, services);
    await perform({ type: 'user.chooseFile', file: csv }, services);
    await perform({ type: 'user.upload' }, services);
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(signalOf(services).aborted).toBe(true);
    expect(within(dialog()).getByText('Upload cancelled. Nothing was imported.')).toBeTruthy();
  });
});
