import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Dataset, DatasetEntry, DatasetRow } from '../../../src/domain/evaluations/evaluation-service-types';
import type {
  ExperimentRunDetails,
  ExperimentRunResult,
  GoldenSet,
  Product,
} from '../../../src/domain/experiments/evaluation-backend-types';
import { DEFAULT_SCALE } from '../../../src/domain/golden-sets/grade-scale';
import type { RunGoldenSetState, RunJudgingTarget, UnjudgedItem } from '../../../src/domain/judging/judging-types';
import type { Role } from '../../../src/domain/shell/roles';
import type { ExperimentRow } from '../../../src/domain/experiments/script-names';
import type { ExperimentDetails, FormOptions, ListedRun } from '../../../src/domain/experiments/workbench-types';
import type { PassedRunResult } from '../../../src/machines/runs/run-result-details.machine';
import { CataloguePage } from '../../../src/views/catalogue/CataloguePage';
import { DatasetEditorPage } from '../../../src/views/datasets/DatasetEditorPage';
import { DatasetEntriesPage } from '../../../src/views/entries/DatasetEntriesPage';
import { DatasetsPage } from '../../../src/views/datasets/DatasetsPage';
import { EntryEditorPage } from '../../../src/views/entries/EntryEditorPage';
import { EditExperimentPage } from '../../../src/views/experiments/ExperimentFormPage';
import { ExperimentRunsPage } from '../../../src/views/runs/ExperimentRunsPage';
import { ExperimentsPage } from '../../../src/views/experiments/ExperimentsPage';
import { GoldenSetPage } from '../../../src/views/golden-sets/GoldenSetPage';
import { GoldenSetsPage } from '../../../src/views/golden-sets/GoldenSetsPage';
import { JudgeQueuePage } from '../../../src/views/judging/JudgeQueuePage';
import { RunResultDetailsPage } from '../../../src/views/runs/RunResultDetailsPage';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { finishedRun } from '../helpers/finished-run';

// A viewer reads every screen and meets no control that would change something — each is refused,
// with the reason on hover and focus, or left out — so no click ends in a 403. A curator meets them enabled.

afterEach(cleanup);

const VIEWER_REASON = 'Needs the curator role — you are a viewer';

/** What a button, link or field says it does. */
const nameOf = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
const usable = (element: Element) =>
  element.getAttribute('aria-disabled') !== 'true' && !(element as HTMLButtonElement).disabled && !element.closest('fieldset:disabled');

/** Controls that change something (by what they say: Add, Edit, Delete…; grades by their group) that a person could still use. */
const CHANGES =
  /^(Add|Edit|Delete|Remove|Upload|Bulk Upload|Import|Save|New Experiment|Run experiment|Cancel run|Rescore|Judge unjudged|Try)/;
function usableChangeControls(): string[] {
  const controls = [...screen.queryAllByRole('button'), ...screen.queryAllByRole('link')].filter(
    (element) => CHANGES.test(nameOf(element)) || element.closest('[role="group"][aria-label^="Grade"]') !== null,
  );
  const grades = screen.queryAllByRole('combobox').filter((element) => /^Grade/.test(nameOf(element)));
  const fields = [...screen.queryAllByRole('textbox'), ...screen.queryAllByRole('spinbutton')].filter(
    (element) => !element.closest('[role="search"]') && (element as HTMLInputElement).type !== 'search',
  );
  return [...controls, ...grades, ...fields].filter(usable).map(nameOf);
}

/** A refused control: aria-disabled, focusable, and its reason is what it is described by. */
function expectRefused(control: HTMLElement, reason = VIEWER_REASON) {
  expect(control.getAttribute('aria-disabled')).toBe('true');
  expect(control.tabIndex).toBe(0);
  const described = control.getAttribute('aria-describedby');
  expect(described && document.getElementById(described)?.textContent).toBe(reason);
  expect(document.getElementById(described!)!.getAttribute('role')).toBe('tooltip');
}

function open(services: FakeDeps, path: string, page: React.ReactNode, role: Role = 'viewer') {
  renderWithLogic(services, path, page, { role });
}

const datasetRow: DatasetRow = {
  id: 7,
  name: 'Sofas UK',
  description: 'Sofa queries',
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
  entry_count: 2,
};
const entry = (id: number): DatasetEntry => ({
  id,
  input: `red sofa ${id}`,
  input_metadata: null,
  description: `red sofa ${id}`,
  datasets: [{ id: 7, name: 'Sofas UK' }],
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
});

describe('datasets and their entries, as a viewer', () => {
  it('datasets: Add Dataset refused with the reason, no row’s Edit or Delete, the name still opens the dataset', async () => {
    const services = fakeDeps();
    open(services, '/datasets', <DatasetsPage />);
    await services.settle('listDatasets', { output: { items: [datasetRow], total: 1 } });
    expect(screen.getByRole('link', { name: 'Sofas UK' }).getAttribute('href')).toBe('/datasets/7/edit');
    expect(usableChangeControls()).toEqual([]);
    const add = screen.getByRole('button', { name: 'Add Dataset' });
    expectRefused(add);
    fireEvent.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('datasets: a curator has Add Dataset and each row’s Edit and Delete', async () => {
    const services = fakeDeps();
    open(services, '/datasets', <DatasetsPage />, 'curator');
    await services.settle('listDatasets', { output: { items: [datasetRow], total: 1 } });
    expect(usableChangeControls()).toEqual(['Add Dataset', 'Delete Sofas UK', 'Edit Sofas UK']);
    fireEvent.click(screen.getByRole('button', { name: 'Add Dataset' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('the dataset editor: the lists select, Add Selected and Remove Selected are refused and move nothing', async () => {
    const services = fakeDeps();
    open(services, '/datasets/7/edit', <DatasetEditorPage id={7} />);
    const sofas: Dataset = { id: 7, name: 'Sofas UK', description: '', created_at: '', updated_at: '' };
    await services.settle('findDataset', { output: sofas });
    await services.settle('entryWindow', { output: { items: [entry(1)], total: 1, count: 1 } }, { side: 'included' });
    await services.settle('entryWindow', { output: { items: [entry(2)], total: 1, count: 1 } }, { side: 'available' });
    fireEvent.click(screen.getByRole('option', { name: /red sofa 2/ }));
    expect(usableChangeControls()).toEqual([]);
    const add = screen.getByRole('button', { name: 'Add Selected (1)' });
    expectRefused(add);
    fireEvent.click(add);
    expectRefused(screen.getByRole('button', { name: /^Remove Selected/ }));
    expect(services.calls('moveEntries')).toBe(0);
  });

  it('entries: Bulk Upload and Add Entry refused, no row’s Edit or Delete; the entry editor read-only', async () => {
    const services = fakeDeps();
    open(services, '/dataset-entries', <DatasetEntriesPage />);
    await services.settle('listEntries', { output: { items: [entry(1), entry(2)], total: 2 } });
    expect(usableChangeControls()).toEqual([]);
    expectRefused(screen.getByRole('button', { name: 'Bulk Upload' }));
    expectRefused(screen.getByRole('button', { name: 'Add Entry' }));
    cleanup();

    const editor = fakeDeps();
    open(editor, '/dataset-entries/1/edit', <EntryEditorPage id={1} />);
    await editor.settle('findEntry', { output: entry(1) });
    await editor.settle('datasetOptions', { output: [{ id: 7, name: 'Sofas UK' }] });
    expect((screen.getByLabelText('Input*') as HTMLTextAreaElement).value).toBe('red sofa 1');
    expect(usableChangeControls()).toEqual([]);
    expectRefused(screen.getByRole('button', { name: 'Save Changes' }));
  });
});

const goldenSet: GoldenSet = {
  id: 4,
  name: 'Sofas DE',
  description: '',
  market: 'DE',
  query_count: 1,
  judgement_count: 2,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
  scale: DEFAULT_SCALE,
  grade_counts: { '1': 1, '3': 1 },
  version: 3,
  changed_at: null,
};

describe('golden sets and judging, as a viewer', () => {
  it('golden sets: Add Golden Set refused, each row only its exports', async () => {
    const services = fakeDeps();
    open(services, '/golden-sets', <GoldenSetsPage />);
    await services.settle('goldenSetRows', { output: { items: [goldenSet satisfies GoldenSet], total: 1 } });
    expect(usableChangeControls()).toEqual([]);
    expectRefused(screen.getByRole('button', { name: 'Add Golden Set' }));
    expect(
      within(screen.getByRole('row', { name: /Sofas DE/ }))
        .getAllByRole('button')
        .map(nameOf),
    ).toEqual(['Export Sofas DE as CSV', 'Export Sofas DE as TREC qrels', 'Export Sofas DE as TREC queries']);
  });

  it('a golden set with a query open: grades read as text, keys change nothing, a note says why; Edit scale refused', async () => {
    const services = fakeDeps();
    open(services, '/golden-sets/4?query=red%20sofa', <GoldenSetPage id={4} />);
    await services.settle('findGoldenSet', { output: goldenSet });
    await services.settle('queryRows', {
      output: { items: [{ query: 'red sofa', judgements: 2, by_grade: { '1': 1, '3': 1 } }], total: 1 },
    });
    const judged = (product_id: string, grade: number) => ({
      product_id,
      grade,
      judged_by: 'Ada',
      judged_at: '2026-11-20T09:00:00Z',
      name: null,
      image_url: null,
    });
    await services.settle('judgementsOf', { output: [judged('P1', 3), judged('P2', 1)] });
    const panel = within(screen.getByRole('region', { name: 'Judgements of “red sofa”' }));
    expect(panel.getByText('On a row: ↑/↓ or k/j move.')).toBeTruthy();
    expect(panel.getByText('3 · Perfect')).toBeTruthy();
    expect(panel.getByRole('note').textContent).toBe('Grading, adding and removing judgements: needs the curator role — you are a viewer.');
    expect(panel.queryByRole('group', { name: 'Add a product' })).toBeNull();
    expect(usableChangeControls()).toEqual([]);
    expectRefused(screen.getByRole('button', { name: 'Edit scale' }));
    const row = panel.getByRole('row', { name: /^P1/ });
    expect(row.getAttribute('aria-label')).toBe('P1: 3 · Perfect.');
    row.focus();
    fireEvent.keyDown(row, { key: '0' });
    fireEvent.keyDown(row, { key: 'Delete' });
    expect(services.calls('saveJudgement') + services.calls('removeJudgement')).toBe(0);
    expect(panel.getByText('3 · Perfect')).toBeTruthy();
  });

  it('the judge queue: the pairs can be looked through, the grades are refused and their keys change nothing', async () => {
    const services = fakeDeps();
    open(services, '/experiment-run-results/9/judge', <JudgeQueuePage id={9} />);
    const target: RunJudgingTarget = { goldenSetId: 4, scale: { max_grade: 1, labels: ['Not relevant', 'Relevant'] }, runNumber: 3 };
    const pair: UnjudgedItem = {
      query: 'red sofa',
      product_id: 'P9',
      rank: 3,
      result_id: 55,
      name: 'Velvet sofa',
      image_url: null,
      description: null,
      attributes: {},
      new_query: false,
    };
    await services.settle('judgingTarget', { output: target });
    await services.settle('unjudged', { output: { items: [pair, { ...pair, product_id: 'P10' }], total: 2, missing: null } });
    expect(screen.getByText('←/→ or j/k move · s skip')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Grading: needs the curator role — you are a viewer.');
    expect(usableChangeControls()).toEqual([]);
    expectRefused(screen.getByRole('button', { name: '1 Relevant' }));
    fireEvent.click(screen.getByRole('button', { name: '1 Relevant' }));
    fireEvent.keyDown(document.activeElement!, { key: '1' });
    expect(services.calls('saveJudgement')).toBe(0);
    fireEvent.keyDown(document.activeElement!, { key: 's' });
    fireEvent.keyDown(document.activeElement!, { key: 's' });
    expect(screen.getByText('Judged 0, skipped 2')).toBeTruthy();
    expectRefused(screen.getByRole('button', { name: 'Rescore the run' }));
  });
});

const run: ExperimentRunDetails & RunGoldenSetState = {
  ...finishedRun(12),
  experiment_name: 'BM25 baseline',
  progress: { done: 1, total: 1 },
  error: null,
  config: { k: 10, golden_set_id: 4 },
  summary: { results: 1, passed: 1, failed: 0, errors: 0, unjudged: 1, mean_metrics: { 'ndcg@10': 0.5 } },
  golden_set_id: 4,
  golden_set_version: 3,
  golden_set_changed: true,
  rescore_of: null,
};
const result: ExperimentRunResult = {
  id: 41,
  experiment_configuration: { k: 10, golden_set_id: 4 },
  created_at: '2026-03-03T10:01:00.000Z',
  result: {
    input: 'oak dining table',
    status: 'PASS',
    version: 'v1',
    test_result: 'nDCG@10 0.812',
    results: {
      metrics: { 'ndcg@10': 0.81 },
      search_results: [
        { product_id: 'P1', name: 'Oak table' },
        { product_id: 'P2', name: 'Pine table' },
      ],
      golden_set: [{ product_id: 'P1', relevance: 3 }],
      commons: ['P1'],
      missings: [],
      leftovers: ['P2'],
    },
  },
};
const experiment: ExperimentDetails = {
  id: 4,
  name: 'BM25 baseline',
  description: '',
  evaluation_script_id: 3,
  dataset_id: 7,
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
  config: { search_target: { kind: 'builtin' }, golden_set_id: 4, k: 10 },
  dataset_name: 'Sofas UK',
  evaluation_script_name: 'Golden set relevance',
  golden_set_name: 'Sofas DE',
  run_blockers: [],
};

describe('experiments and runs, as a viewer', () => {
  it('experiments: New Experiment refused, each experiment still opens', async () => {
    const services = fakeDeps();
    open(services, '/experiments', <ExperimentsPage />);
    const row: ExperimentRow = { ...experiment, evaluation_script_name: 'Golden set relevance' };
    await services.settle('experimentRows', { output: { items: [row], total: 1 } });
    expect(usableChangeControls()).toEqual([]);
    const create = screen.getByRole('link', { name: 'New Experiment' });
    expectRefused(create);
    expect(create.hasAttribute('href')).toBe(false);
    expect(screen.getByRole('link', { name: 'Details of BM25 baseline' })).toBeTruthy();
  });

  it('an experiment’s runs: Edit and Run experiment refused, no tags field; runs still chosen for Compare', async () => {
    const services = fakeDeps();
    open(services, '/experiment-runs/4', <ExperimentRunsPage id={4} />);
    const listed: ListedRun = { ...run, summary: { ...run.summary, counted: 1, repeated: 0 } };
    await services.settle('runsOfExperiment', { output: [listed] });
    await services.settle('findExperiment', { output: experiment });
    expect(usableChangeControls()).toEqual([]);
    expectRefused(screen.getByRole('link', { name: 'Edit' }));
    expectRefused(screen.getByRole('button', { name: 'Run experiment' }));
    expect(screen.queryByRole('textbox', { name: 'Tags for the run' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select run 12 to compare' }) as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Run experiment' }));
    expect(services.calls('startRun')).toBe(0);
  });

  it('a run’s results: Judge unjudged and Rescore refused; Compare with… and the exports stay', async () => {
    const services = fakeDeps();
    open(services, '/experiment-run-results/12', <RunResultsPage id={12} />);
    await services.settle('findRun', { output: run });
    await services.settle('runResultRows', { output: { items: [result], total: 1 } });
    expect(usableChangeControls()).toEqual([]);
    expectRefused(screen.getByRole('link', { name: 'Judge unjudged' }));
    expectRefused(screen.getByRole('button', { name: 'Rescore' }));
    expect((screen.getByRole('button', { name: 'Compare with…' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a result’s details: no grade buttons on the unjudged product, a note says why', async () => {
    const services = fakeDeps();
    const passed: PassedRunResult = { result, runId: 12, page: 1 };
    open(services, '/experiment-run-result-details/41', <RunResultDetailsPage passed={passed} resultId={41} />);
    await services.settle('scaleOf', { output: DEFAULT_SCALE });
    expect(screen.getByRole('note').textContent).toBe('Grading the unjudged products: needs the curator role — you are a viewer.');
    expect(screen.queryByRole('group', { name: 'Grade P2' })).toBeNull();
    expect(usableChangeControls()).toEqual([]);
    const unjudged = within(screen.getByRole('list', { name: 'Search Results Products' })).getAllByRole('listitem')[1];
    fireEvent.keyDown(unjudged, { key: '2' });
    expect(services.calls('saveJudgement')).toBe(0);
  });

  it('the experiment form reached by its address: every field read-only, Save refused with the reason', async () => {
    const services = fakeDeps();
    open(services, '/experiments/4/edit', <EditExperimentPage id={4} />);
    const options: FormOptions = {
      datasets: [{ id: 7, name: 'Sofas UK' }],
      scripts: [{ id: 3, name: 'Golden set relevance', runsHere: true }],
      goldenSets: [{ id: 4, name: 'Sofas DE' }],
    };
    await services.settle('formOptions', { output: options });
    await services.settle('findExperiment', { output: experiment });
    expect(screen.getByRole('note').textContent).toBe('Changing experiments: needs the curator role — you are a viewer.');
    expect(usableChangeControls()).toEqual([]);
    expect((screen.getByLabelText('Name') as HTMLInputElement).closest('fieldset:disabled')).not.toBeNull();
    expectRefused(screen.getByRole('button', { name: 'Save' }));
  });
});

describe('the catalogue, as a viewer', () => {
  it('Import products refused; search and the golden set still work', async () => {
    const services = fakeDeps();
    open(services, '/catalogue', <CataloguePage />);
    await services.settle('goldenSetOptions', { output: [{ id: 4, name: 'Sofas DE' }] });
    const product: Product = {
      product_id: 'P1',
      name: 'Oak table',
      description: '',
      image_url: null,
      attributes: {},
      created_at: '2026-11-22T15:04:00Z',
      updated_at: '2026-11-22T15:04:00Z',
    };
    await services.settle('productRows', { output: { items: [product], total: 1 } });
    expect(usableChangeControls()).toEqual([]);
    expectRefused(screen.getByRole('button', { name: 'Import products' }));
    expect((screen.getByRole('combobox', { name: 'Golden set' }) as HTMLSelectElement).disabled).toBe(false);
  });
});
