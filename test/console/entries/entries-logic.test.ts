import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createEntriesLogic } from '../../../src/logic/entries-logic';
import { selectBulkUpload } from '../../../src/machines/entries/dataset-entries-page.selectors';
import { selectPicker } from '../../../src/machines/entries/entry-editor.selectors';
import type { DatasetEntries } from '../../../src/services/evaluation-service/dataset-entries';
import type { DatasetEntryMappings } from '../../../src/services/evaluation-service/dataset-entry-mappings';
import type { Datasets } from '../../../src/services/evaluation-service/datasets';
import type { DatasetEntry } from '../../../src/domain/evaluations/evaluation-service-types';

// The real actor bindings (src/logic/entries-logic.ts) over a fake evaluation service: what each flow asks it.

/** The evaluation service's three resources, as one fake. */
type EvaluationService = Datasets & DatasetEntries & DatasetEntryMappings;

const entry: DatasetEntry = {
  id: 7,
  input: 'red sofa',
  input_metadata: null,
  description: 'red sofa',
  datasets: [
    { id: 1, name: 'Sofas' },
    { id: 2, name: 'Tables' },
  ],
  created_at: '2026-01-05T09:30:00Z',
  updated_at: '2026-01-05T09:30:00Z',
};

function fakeService(overrides: Partial<EvaluationService> = {}) {
  const calls: string[] = [];
  const record = (name: string) =>
    vi.fn(async (...args: unknown[]) => {
      calls.push(`${name} ${JSON.stringify(args)}`);
      // `as never`: each recorded method answers nothing the test reads, whatever its return type.
      return undefined as never;
    });
  const service = {
    findEntry: vi.fn(async () => entry),
    updateEntry: record('updateEntry'),
    saveEntryLinks: record('saveEntryLinks'),
    datasetOptions: vi.fn(async () => [
      { id: 1, name: 'Sofas' },
      { id: 2, name: 'Tables' },
      { id: 3, name: 'Lamps' },
    ]),
    ...overrides,
  } as unknown as EvaluationService;
  // One object answers for the three resources: each flow asks it by method name.
  return { service, services: { datasets: service, datasetEntries: service, datasetEntryMappings: service }, calls };
}

/** The address bar, as far as these flows use it. */
function fakeRouter() {
  return {
    navigate: vi.fn(),
    replace: vi.fn(),
    back: vi.fn(),
    path: () => '/dataset-entries',
    search: () => '',
    subscribe: () => () => undefined,
  };
}

describe('entries logic', () => {
  it('saves the entry, then its links (before and after), then goes back', async () => {
    const { services, calls } = fakeService();
    const router = fakeRouter();
    const { entryEditor } = createEntriesLogic({ ...services, router });
    const editor = createActor(entryEditor, { input: { entryId: 7 } }).start();
    await waitFor(editor, (state) => state.matches({ ready: 'editing' }));
    const picker = selectPicker(editor.getSnapshot())!;
    await waitFor(picker, (state) => state.matches({ options: 'loaded' }));
    picker.send({ type: 'user.remove', id: 2 });
    picker.send({ type: 'user.toggle', id: 3 });
    editor.send({ type: 'user.changeInput', value: ' red velvet sofa ' });
    editor.send({ type: 'user.submit' });
    await waitFor(editor, (state) => state.matches('saved'));
    expect(calls).toEqual(['updateEntry [7,{"input":"red velvet sofa","input_metadata":{}}]', 'saveEntryLinks [7,[1,2],[1,3]]']);
    expect(router.back).toHaveBeenCalledExactlyOnceWith('/dataset-entries');
  });

  it('shows an entry the service does not find as not found', async () => {
    const { services } = fakeService({ findEntry: vi.fn(async () => null) });
    const { entryEditor } = createEntriesLogic({ ...services, router: fakeRouter() });
    const editor = createActor(entryEditor, { input: { entryId: 9 } }).start();
    await waitFor(editor, (state) => state.matches('notFound'));
  });

  it('hands the upload its file, progress reporter and the abort signal', async () => {
    const uploadCsv = vi.fn(async () => ({
      created_entries: 2,
      created_datasets: 1,
      created_mappings: 2,
      existing_inputs: 0,
      repeated_inputs: 0,
      skipped_inputs: 0,
    }));
    const { service, services } = fakeService({ uploadEntries: uploadCsv });
    const { datasetEntriesPage } = createEntriesLogic({ ...services, router: fakeRouter() });
    const bulk = createActor(datasetEntriesPage, { input: { page: 1 } });
    // Only the upload child matters here; the list's fetch is left to the fake service.
    Object.assign(service, { listEntries: vi.fn(async () => ({ items: [], total: 0 })) });
    bulk.start();
    const upload = selectBulkUpload(bulk.getSnapshot());
    const file = new File(['input\nsofa\n'], 'entries.csv', { type: 'text/csv' });
    upload.send({ type: 'user.open' });
    upload.send({ type: 'user.chooseFile', file });
    upload.send({ type: 'user.upload' });
    await waitFor(upload, (state) => state.matches({ open: 'complete' }));
    const [[sentFile, options]] = uploadCsv.mock.calls as unknown as Array<[File, { signal: AbortSignal; onProgress: unknown }]>;
    expect(sentFile).toBe(file);
    expect(options.signal).toBeInstanceOf(AbortSignal);
    expect(typeof options.onProgress).toBe('function');
    bulk.stop();
  });
});
