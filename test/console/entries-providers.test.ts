import { describe, expect, it, vi } from 'vitest';
import { FetchError } from 'ofetch';
import { createActor, waitFor } from 'xstate';
import { createEntriesLogic } from '../../src/entries-providers';
import { selectBulkUpload } from '../../src/machines/entry-list.selectors';
import { selectPicker } from '../../src/machines/entry-editor.selectors';
import type { DatasetEntry, EvaluationService } from '../../src/services/evaluation-service';

// The real actor bindings over a fake evaluation service: what each flow asks the server.

const entry: DatasetEntry = {
  id: 7,
  input: 'red sofa',
  input_metadata: null,
  description: 'red sofa',
  datasets: [{ id: 1, name: 'Sofas' }, { id: 2, name: 'Tables' }],
  created_at: '2026-01-05T09:30:00Z',
  updated_at: '2026-01-05T09:30:00Z',
};

function fakeService(overrides: Partial<EvaluationService> = {}) {
  const calls: string[] = [];
  const record = (name: string) => vi.fn(async (...args: unknown[]) => {
    calls.push(`${name} ${JSON.stringify(args)}`);
    return undefined as never;
  });
  const service = {
    getEntry: vi.fn(async () => entry),
    updateEntry: record('updateEntry'),
    addMappings: record('addMappings'),
    removeMappings: record('removeMappings'),
    listAllDatasets: vi.fn(async () => [
      { id: 1, name: 'Sofas', description: '', created_at: '', updated_at: '' },
      { id: 2, name: 'Tables', description: '', created_at: '', updated_at: '' },
      { id: 3, name: 'Lamps', description: '', created_at: '', updated_at: '' },
    ]),
    ...overrides,
  } as unknown as EvaluationService;
  return { service, calls };
}

describe('entries providers', () => {
  it('saves the entry, then creates the added link and deletes the removed one, then goes back', async () => {
    const { service, calls } = fakeService();
    const goBack = vi.fn();
    const { entryEditor } = createEntriesLogic({ service: async () => service, uploadCsv: vi.fn(), goBack, navigate: vi.fn() });
    const editor = createActor(entryEditor, { input: { entryId: 7 } }).start();
    await waitFor(editor, (state) => state.matches({ ready: 'editing' }));
    const picker = selectPicker(editor.getSnapshot())!;
    await waitFor(picker, (state) => state.matches({ options: 'loaded' }));
    picker.send({ type: 'user.remove', id: 2 });
    picker.send({ type: 'user.toggle', id: 3 });
    editor.send({ type: 'user.changeInput', value: ' red velvet sofa ' });
    editor.send({ type: 'user.submit' });
    await waitFor(editor, (state) => state.matches('saved'));
    expect(calls).toEqual([
      'updateEntry [7,{"input":"red velvet sofa","input_metadata":{}}]',
      'addMappings [[{"dataset_id":3,"dataset_entry_id":7}]]',
      'removeMappings [[{"dataset_id":2,"dataset_entry_id":7}]]',
    ]);
    expect(goBack).toHaveBeenCalledOnce();
  });

  it('shows a 404 as not found', async () => {
    const missing = new Error('Dataset entry 9 not found', { cause: new FetchError('404') });
    Object.assign(missing.cause as object, { statusCode: 404 });
    const { service } = fakeService({ getEntry: vi.fn(async () => Promise.reject(missing)) });
    const { entryEditor } = createEntriesLogic({ service: async () => service, uploadCsv: vi.fn(), navigate: vi.fn() });
    const editor = createActor(entryEditor, { input: { entryId: 9 } }).start();
    await waitFor(editor, (state) => state.matches('notFound'));
  });

  it('hands the upload its file, progress reporter and the abort signal', async () => {
    const { service } = fakeService();
    const uploadCsv = vi.fn(async () => ({ created_entries: 2, created_datasets: 1, created_mappings: 2 }));
    const { entryList } = createEntriesLogic({ service: async () => service, uploadCsv, navigate: vi.fn() });
    const bulk = createActor(entryList.provide({}), { input: {} });
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
