import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Dataset, DatasetEntry, DatasetRow } from '../../../src/domain/evaluations/evaluation-service-types';
import { fakeDeps, type OutputOf } from '../helpers/fake-deps';
import { logicOf } from '../helpers/render-console';

// The page machines as src/logic wires them, over the fake services: each starts its children, and a dialog's
// success reloads the list it was handed (the real child machines, no view). Stepped with the fakes' answers.

const emptyPage = { output: { items: [], total: 0 } };
const stamped = { description: '', created_at: '2026-01-05T09:30:00Z', updated_at: '2026-01-05T09:30:00Z' };
const datasetRow: DatasetRow = { id: 1, name: 'One', ...stamped, entry_count: 0 };
const goldenSetRow: OutputOf<'goldenSetRows'>['items'][number] = {
  id: 1,
  name: 'One',
  ...stamped,
  market: '',
  version: 0,
  scale: { max_grade: 3, labels: ['Poor', 'Fair', 'Good', 'Perfect'] },
  query_count: 0,
  judgement_count: 0,
  grade_counts: {},
  changed_at: null,
};
const dataset = (id: number): Dataset => ({ id, name: 'Sofas', ...stamped });
const entry = (id: number): DatasetEntry => ({ id, input: 'red sofa', input_metadata: null, datasets: [], ...stamped });

function fakes() {
  const services = fakeDeps();
  return { services, logic: logicOf(services) };
}

describe('datasets page', () => {
  it('starts the list at its page; a confirmed delete reloads it', async () => {
    const { services, logic } = fakes();
    const actor = createActor(logic.datasetsPage, { input: { page: 2 } }).start();
    expect(services.last('listDatasets').input).toEqual({ page: 2, pageSize: 20 });
    await services.settle('listDatasets', { output: { items: [datasetRow], total: 1 } });
    const { list } = actor.getSnapshot().context;
    const confirm = list.getSnapshot().children.confirmDelete!;
    confirm.send({ type: 'user.open', subject: { id: 1, name: 'One' } });
    confirm.send({ type: 'user.confirm' });
    await services.settle('deleteDataset', { output: undefined });
    expect(services.calls('listDatasets')).toBe(2);
  });

  it('opens the new dataset’s editor after creating it, without reloading the list', async () => {
    const { services, logic } = fakes();
    const actor = createActor(logic.datasetsPage, { input: { page: 1 } }).start();
    const { createDataset } = actor.getSnapshot().context;
    createDataset.send({ type: 'user.open' });
    createDataset.send({ type: 'user.change', fields: { name: 'Sofas' } });
    createDataset.send({ type: 'user.change', fields: { description: 'Every sofa query' } });
    createDataset.send({ type: 'user.submit' });
    await services.settle('createDataset', { output: dataset(9) });
    expect(services.currentPath()).toBe('/datasets/9/edit');
    expect(services.calls('listDatasets')).toBe(1);
  });
});

describe('dataset entries page', () => {
  it('reloads the list when Add Entry created an entry, and after a complete bulk upload', async () => {
    const { services, logic } = fakes();
    const actor = createActor(logic.datasetEntriesPage, { input: { page: 1 } }).start();
    await services.settle('listEntries', emptyPage);
    const { addEntry, bulkUpload } = actor.getSnapshot().context;
    addEntry.send({ type: 'user.open' });
    addEntry.send({ type: 'user.changeInput', value: 'red sofa' });
    addEntry.send({ type: 'user.submit' });
    await services.settle('createEntry', { output: entry(5) });
    expect(services.calls('listEntries')).toBe(2);

    bulkUpload.send({ type: 'user.open' });
    bulkUpload.send({ type: 'user.chooseFile', file: new File(['input\nsofa\n'], 'entries.csv', { type: 'text/csv' }) });
    bulkUpload.send({ type: 'user.upload' });
    await services.settle('uploadEntries', {
      output: { created_entries: 1, created_datasets: 0, created_mappings: 0, existing_inputs: 0, repeated_inputs: 0, skipped_inputs: 0 },
    });
    expect(services.calls('listEntries')).toBe(3);
  });
});

describe('golden sets page', () => {
  it('reloads the list after an upload and after a rename', async () => {
    const { services, logic } = fakes();
    const actor = createActor(logic.goldenSetsPage, { input: { page: 1 } }).start();
    await services.settle('goldenSetRows', { output: { items: [goldenSetRow], total: 1 } });
    const { upload, rename } = actor.getSnapshot().context;
    upload.send({ type: 'user.open' });
    upload.send({ type: 'user.change', fields: { name: 'DE' } });
    upload.send({ type: 'user.change', fields: { file: new File(['query,product_id,relevance\n'], 'de.csv') } });
    upload.send({ type: 'user.submit' });
    const noWarning = { count: 0, sample: [] };
    await services.settle('uploadGoldenSet', {
      output: { ...goldenSetRow, warnings: { queries_without_entry: noWarning, products_not_in_catalogue: noWarning } },
    });
    expect(services.calls('goldenSetRows')).toBe(2);

    rename.send({ type: 'user.open', fields: { id: 1, name: 'One', description: '', market: '' } });
    rename.send({ type: 'user.change', fields: { name: 'Uno' } });
    rename.send({ type: 'user.submit' });
    await services.settle('updateGoldenSet', { output: undefined });
    expect(services.calls('goldenSetRows')).toBe(3);
  });
});

describe('experiments page', () => {
  it('replaces the list with the chosen script’s own list from page 1, and back', async () => {
    const { services, logic } = fakes();
    const actor = createActor(logic.experimentsPage, { input: { page: 3, scriptId: null } }).start();
    expect(services.last('experimentRows').input).toEqual({ page: 3, pageSize: 20 });
    const first = actor.getSnapshot().context.list;
    await services.settle('allScriptOptions', { output: [{ id: 4, name: 'Judge' }] });
    actor.getSnapshot().context.filter.send({ type: 'user.selectScript', scriptId: 4 });
    expect(actor.getSnapshot().context.scriptId).toBe(4);
    expect(first.getSnapshot().status).toBe('stopped');
    expect(services.last('scriptExperimentRows').args).toEqual([4, { page: 1, pageSize: 20 }]);
    actor.getSnapshot().context.filter.send({ type: 'user.selectScript', scriptId: null });
    expect(actor.getSnapshot().context.scriptId).toBeNull();
    expect(services.calls('experimentRows')).toBe(2);
    expect(services.last('experimentRows').input).toEqual({ page: 1, pageSize: 20 });
  });
});

describe('script experiments page', () => {
  it('fetches the script and its own experiments', () => {
    const { services, logic } = fakes();
    createActor(logic.scriptExperimentsPage, { input: { scriptId: 3, page: 2 } }).start();
    expect(services.last('findScript').args).toEqual([3]);
    expect(services.last('scriptExperimentRows').args).toEqual([3, { page: 2, pageSize: 20 }]);
  });
});

describe('run results page', () => {
  it('fetches the run’s summary and its results', () => {
    const { services, logic } = fakes();
    createActor(logic.runResultsPage, { input: { runId: 12, page: 1 } }).start();
    expect(services.last('findRun').args).toEqual([12]);
    expect(services.last('runResultRows').args).toEqual([12, { page: 1, pageSize: 20 }]);
  });
});

describe('a page started without a valid route id', () => {
  it('is notFound at once, its flows too, and asks the server nothing', () => {
    const { services, logic } = fakes();
    const runs = createActor(logic.experimentRunsPage, { input: { experimentId: null } })
      .start()
      .getSnapshot();
    const results = createActor(logic.runResultsPage, { input: { runId: null, page: 1 } })
      .start()
      .getSnapshot();
    const experiments = createActor(logic.scriptExperimentsPage, { input: { scriptId: null, page: 1 } })
      .start()
      .getSnapshot();
    expect([runs, results, experiments].map((page) => page.value)).toEqual(['notFound', 'notFound', 'notFound']);
    expect(
      [
        runs.context.runList,
        runs.context.runProgress,
        results.context.list,
        results.context.summary,
        experiments.context.details,
        experiments.context.list,
      ].map((child) => child.getSnapshot().value),
    ).toEqual(['notFound', 'notFound', 'notFound', 'notFound', 'notFound', 'notFound']);
    expect(services.calledMethods()).toEqual([]);
  });

  it('shows its flows for a valid id, opening until the run says whether it is still going', () => {
    const { logic } = fakes();
    expect(
      createActor(logic.runResultsPage, { input: { runId: 12, page: 1 } })
        .start()
        .getSnapshot().value,
    ).toEqual({ showing: 'opening' });
  });
});
