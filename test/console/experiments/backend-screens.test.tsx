import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EvaluationScript } from '../../../src/domain/experiments/evaluation-backend-types';
import type { ExperimentRow } from '../../../src/domain/experiments/script-names';
import { EvaluationScriptPage } from '../../../src/views/experiments/EvaluationScriptPage';
import { EvaluationScriptsPage } from '../../../src/views/experiments/EvaluationScriptsPage';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { ScriptExperimentsPage } from '../../../src/views/experiments/ScriptExperimentsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderRoute, renderWithLogic } from '../helpers/render-console';
import { finishedRun } from '../helpers/finished-run';

// The scripts screens and the run results' texts and fetch errors (the paging itself is the shared
// paged-list machine's, walked in datasets-list.model.test.tsx).

afterEach(cleanup);

const script: EvaluationScript = {
  id: 3,
  name: 'Golden set relevance',
  description: 'Scores against golden sets',
  cost_per_evaluation: 0.0002,
  script_class: 'GoldenSetRelevance',
  script_module: 'evaluation.scripts.golden_set',
  output_schema: { type: 'object', properties: { 'ndcg@10': { type: 'number' } } },
};
const experiment: ExperimentRow = {
  id: 8,
  name: 'BM25 baseline',
  evaluation_script_id: 3,
  evaluation_script_name: 'Golden set relevance',
  dataset_id: 1,
  dataset_name: 'WANDS sample',
  description: 'Keyword search',
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
};

describe('/evaluation-scripts', () => {
  it('lists the scripts with links to the details card and the script’s experiments', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluation-scripts?page=2', <EvaluationScriptsPage />);
    expect(services.last('scriptRows').input).toEqual({ page: 2, pageSize: 20 });
    await services.settle('scriptRows', { output: { items: [script], total: null } });
    const table = screen.getByRole('table', { name: 'Evaluation scripts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Description', 'Cost/Eval', 'Actions']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Golden set relevance', 'Scores against golden sets', '0.0002', 'Details']);
    expect(within(table).getByRole('link', { name: 'Golden set relevance' }).getAttribute('href')).toBe('/evaluation-scripts/3?page=2');
    expect(within(table).getByRole('link', { name: 'Details of Golden set relevance' }).getAttribute('href')).toBe(
      '/evaluation-scripts/3/experiments',
    );
  });

  it('says when there are no scripts, and names a failure', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluation-scripts', <EvaluationScriptsPage />);
    await services.settle('scriptRows', { output: { items: [], total: null } });
    expect(screen.getByRole('status').textContent).toBe('No scripts found.');
    cleanup();
    const failing = fakeDeps();
    renderWithLogic(failing, '/evaluation-scripts', <EvaluationScriptsPage />);
    await failing.settle('scriptRows', { error: new Error('500') });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch evaluation scripts.');
  });
});

describe('/evaluation-scripts/{id}', () => {
  it('shows the details card with the output schema as formatted JSON, and Back keeps the page', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluation-scripts/3?page=2', <EvaluationScriptPage id={3} />);
    expect(services.last('findScript').args).toEqual([3]);
    await services.settle('findScript', { output: script });
    const card = screen.getByRole('region', { name: 'Script details' });
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['ID', 'Name', 'Description', 'Cost per Evaluation', 'Script Class', 'Script Module', 'Output Schema']);
    expect(
      within(card)
        .getAllByRole('definition')
        .slice(0, 6)
        .map((value) => value.textContent),
    ).toEqual(['3', 'Golden set relevance', 'Scores against golden sets', '0.0002', 'GoldenSetRelevance', 'evaluation.scripts.golden_set']);
    expect(screen.getByTestId('output-schema').textContent).toBe(JSON.stringify(script.output_schema, null, 2));
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/evaluation-scripts?page=2');
  });

  it('names a failure exactly, trailing space included, and tries again', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluation-scripts/3', <EvaluationScriptPage id={3} />);
    await services.settle('findScript', { error: new Error('404') });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch evaluation script details. ');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(services.calls('findScript')).toBe(2);
  });

  it('says "Invalid evaluation script ID" for a malformed id, without a call', async () => {
    const services = fakeDeps();
    renderRoute(services, '/evaluation-scripts/x1');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid evaluation script ID');
    expect(services.calls('findScript')).toBe(0);
  });
});

describe('/evaluation-scripts/{id}/experiments', () => {
  it('titles the page with the script’s name and lists its own experiments', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluation-scripts/3/experiments', <ScriptExperimentsPage id={3} />);
    expect(services.last('scriptExperimentRows').args).toEqual([3, { page: 1, pageSize: 20 }]);
    await services.settle('findScript', { output: script });
    await services.settle('scriptExperimentRows', { output: { items: [experiment], total: null } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Experiments for Script: Golden set relevance');
    const table = screen.getByRole('table', { name: 'Experiments of the script' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Evaluation Script', 'Dataset ID', 'Description', 'Actions']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['BM25 baseline', 'Golden set relevance', 'WANDS sample #1', 'Keyword search', 'Details']);
    // The experiment's name opens it, as Details does; the dataset's name opens the dataset.
    expect(within(table).getByRole('link', { name: 'WANDS sample' }).getAttribute('href')).toBe('/datasets/1/edit');
    expect(within(table).getByRole('link', { name: 'BM25 baseline' }).getAttribute('href')).toBe('/experiment-runs/8');
    expect(screen.getByRole('link', { name: 'Back to Scripts' }).getAttribute('href')).toBe('/evaluation-scripts');
  });

  it('names each failure: the script’s details and its experiments', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluation-scripts/3/experiments', <ScriptExperimentsPage id={3} />);
    await services.settle('findScript', { error: new Error('500') });
    await services.settle('scriptExperimentRows', { error: new Error('500') });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Failed to fetch evaluation script details. ',
      'Failed to fetch experiments.',
    ]);
  });

  it.each([
    [undefined, 'No script ID provided.'],
    ['abc', 'Invalid evaluation script ID'],
  ])('for the id %j says %j without a call', async (id, text) => {
    const services = fakeDeps();
    renderRoute(services, id === undefined ? '/evaluation-scripts/experiments' : `/evaluation-scripts/${id}/experiments`);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(services.calls('findScript') + services.calls('scriptExperimentRows')).toBe(0);
  });
});

describe('/experiment-run-results/{id}', () => {
  it('says there is no results data for a run without results, and none on a later empty page', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/9', <RunResultsPage id={9} />);
    await services.settle('findRun', { output: finishedRun(9) });
    await services.settle('runResultRows', { output: { items: [], total: null } });
    expect(screen.getByRole('status').textContent).toBe('No results data available for this experiment run.');
    cleanup();
    const later = fakeDeps();
    renderWithLogic(later, '/experiment-run-results/9?page=3', <RunResultsPage id={9} />);
    await later.settle('findRun', { output: finishedRun(9) });
    await later.settle('runResultRows', { output: { items: [], total: null } });
    expect(screen.getByRole('status').textContent).toBe('No experiment run results found.');
  });

  it('names a failure, and an invalid run id', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/9', <RunResultsPage id={9} />);
    await services.settle('findRun', { output: finishedRun(9) });
    await services.settle('runResultRows', { error: new Error('500') });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch experiment run results.');
    cleanup();
    const invalid = fakeDeps();
    renderRoute(invalid, '/experiment-run-results/nine');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid experiment run ID');
    expect(invalid.calls('runResultRows')).toBe(0);
  });
});
