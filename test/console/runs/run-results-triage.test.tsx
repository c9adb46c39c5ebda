import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ExperimentRunDetails, ExperimentRunResult } from '../../../src/domain/experiments/evaluation-backend-types';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { twoLines } from '../../../src/views/runs/RunResultsTable.css';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { finishedRun } from '../helpers/finished-run';

// Triage of a run's results: statuses, a search of the input and a sort, all in the address with
// the page and sent as the results call's filter; the way back; the configuration once.

afterEach(cleanup);

const configuration = { k: 10, gain: 'linear', golden_set_id: 4, search_target: { kind: 'builtin' } };
const run: ExperimentRunDetails = {
  ...finishedRun(12),
  experiment_name: 'BM25 baseline',
  progress: { done: 3, total: 3 },
  error: null,
  config: configuration,
  summary: { results: 3, passed: 1, failed: 1, errors: 1, counted: 2, repeated: 0, mean_metrics: { 'precision@10': 0.2, 'ndcg@10': 0.5 } },
};
const result = (id: number, input: string, status: string): ExperimentRunResult => ({
  id,
  entry_id: id,
  experiment_configuration: configuration,
  created_at: '2026-03-03T10:01:00.000Z',
  result: { input, status, test_result: 'nDCG@10 0.500' },
});

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const sortBy = () => screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;

describe('/experiment-run-results/{id} triage', () => {
  it("opens with the address's statuses, search, sort and page, and asks for exactly them", async () => {
    const services = fakeDeps();
    renderWithLogic(
      services,
      '/experiment-run-results/12?status=FAIL,ERROR&search=sofa&sort=ndcg@10&order=desc&page=2',
      <RunResultsPage id={12} />,
    );
    expect(services.last('runResultRows').args).toEqual([
      12,
      { page: 2, pageSize: 20 },
      { status: 'FAIL,ERROR', search: 'sofa', sort: 'ndcg@10', order: 'desc' },
    ]);
    await services.settle('findRun', { output: run });
    expect([checkbox('PASS').checked, checkbox('FAIL').checked, checkbox('UNJUDGED').checked, checkbox('ERROR').checked]).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect((screen.getByRole('searchbox', { name: 'Search inputs' }) as HTMLInputElement).value).toBe('sofa');
    expect(sortBy().value).toBe('ndcg@10');
    // Scored first, the input, then the run's metrics in the usual order.
    expect([...sortBy().options].map((option) => option.textContent)).toEqual(['Scored first', 'Input', 'nDCG@10', 'P@10']);
    expect((screen.getByRole('combobox', { name: 'Order' }) as HTMLSelectElement).value).toBe('desc');
    await services.settle('runResultRows', { output: { items: [], total: 0 } });
    expect(screen.getByRole('status').textContent).toBe('No results match these filters.');
  });

  it('narrows to FAIL, then FAIL and ERROR, sorts worst first, from page 1 each time, in the address', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/12?page=3', <RunResultsPage id={12} />);
    await services.settle('findRun', { output: run });
    await services.settle('runResultRows', { output: { items: [result(1, 'red sofa', 'PASS')], total: 41 } });
    expect(screen.getByText('41 results')).toBeTruthy();

    fireEvent.click(checkbox('FAIL'));
    expect(services.last('runResultRows').args).toEqual([12, { page: 1, pageSize: 20 }, { status: 'FAIL' }]);
    expect(services.currentPath()).toBe('/experiment-run-results/12?status=FAIL&page=1');
    fireEvent.click(checkbox('ERROR'));
    expect(services.last('runResultRows').args[2]).toEqual({ status: 'FAIL,ERROR' });

    fireEvent.change(sortBy(), { target: { value: 'ndcg@10' } });
    expect(services.last('runResultRows').args).toEqual([12, { page: 1, pageSize: 20 }, { status: 'FAIL,ERROR', sort: 'ndcg@10' }]);
    expect(services.currentPath()).toBe('/experiment-run-results/12?status=FAIL%2CERROR&sort=ndcg%4010&page=1');
    await services.settle('runResultRows', { output: { items: [result(2, 'blue sofa', 'FAIL')], total: 1 } });
    expect(within(screen.getByRole('table')).getByText('blue sofa')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search inputs' }), { target: { value: ' blue ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(services.last('runResultRows').args[2]).toEqual({ status: 'FAIL,ERROR', sort: 'ndcg@10', search: 'blue' });

    // Back: the filter chosen before.
    act(() => services.router.back('/experiment-run-results/12?status=FAIL%2CERROR&sort=ndcg%4010&page=1'));
    expect(services.last('runResultRows').args[2]).toEqual({ status: 'FAIL,ERROR', sort: 'ndcg@10' });
    // Clearing every status shows every result again: no filter left but the sort.
    fireEvent.click(checkbox('FAIL'));
    fireEvent.click(checkbox('ERROR'));
    expect(services.last('runResultRows').args[2]).toEqual({ sort: 'ndcg@10' });
  });

  it('leads back to the experiment and shows the configuration once, above the table, each row’s cell pointing to it', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id={12} />);
    await services.settle('findRun', { output: run });
    await services.settle('runResultRows', { output: { items: [result(1, 'red sofa', 'PASS'), result(2, 'rug', 'FAIL')], total: 2 } });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Experiments' }).getAttribute('href')).toBe('/experiments');
    expect(within(crumbs).getByRole('link', { name: 'BM25 baseline' }).getAttribute('href')).toBe('/experiment-runs/4');
    expect(crumbs.textContent).toBe('Experiments › BM25 baseline › Run 12');
    const line = 'k: 10 · gain: linear · golden_set_id: 4 · search_target: {"kind":"builtin"}';
    const above = screen.getByText('Configuration').parentElement!;
    expect(above.textContent).toBe(`Configuration ${line}`);
    const table = screen.getByRole('table');
    expect(within(table).queryAllByText(line)).toEqual([]);
    // Each row's cell: a short reference to the configuration above, the row's own on hover.
    const references = within(table).getAllByRole('link', { name: 'As above' });
    expect(references.map((reference) => [reference.getAttribute('href'), reference.getAttribute('title')])).toEqual([
      [`#${above.id}`, line],
      [`#${above.id}`, line],
    ]);
  });

  it('gives each metric of the run a column beside Test Result, its header sorting by it one way then the other', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id={12} />);
    await services.settle('findRun', { output: run });
    const scored = {
      ...result(1, 'red sofa', 'PASS'),
      result: { input: 'red sofa', status: 'PASS', results: { metrics: { 'ndcg@10': 0.81234 } } },
    };
    await services.settle('runResultRows', { output: { items: [scored], total: 1 } });
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Experiment Configuration',
      'Input',
      'Status',
      'Version',
      'Test Result',
      'nDCG@10',
      'P@10',
      'Created At',
      'Actions',
    ]);
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect([cells[5].textContent, cells[6].textContent]).toEqual(['0.812', '—']);
    fireEvent.click(within(table).getByRole('button', { name: 'nDCG@10' }));
    expect(services.last('runResultRows').args).toEqual([12, { page: 1, pageSize: 20 }, { sort: 'ndcg@10' }]);
    await services.settle('runResultRows', { output: { items: [scored], total: 1 } });
    expect(screen.getByRole('columnheader', { name: 'nDCG@10' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'nDCG@10' }));
    expect(services.last('runResultRows').args).toEqual([12, { page: 1, pageSize: 20 }, { sort: 'ndcg@10', order: 'desc' }]);
    await services.settle('runResultRows', { output: { items: [scored], total: 1 } });
    expect(screen.getByRole('columnheader', { name: 'nDCG@10' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('cuts a long input to two lines, the whole input on hover, focus and in Details', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id={12} />);
    await services.settle('findRun', { output: run });
    const long = 'red velvet sofa '.repeat(700);
    await services.settle('runResultRows', { output: { items: [result(1, long, 'PASS')], total: 1 } });
    const input = within(screen.getByRole('table')).getByText(long.trim());
    expect([input.className, input.getAttribute('title'), input.tabIndex]).toEqual([twoLines, long, 0]);
    expect(screen.getByRole('link', { name: 'Details of result 1' }).getAttribute('href')).toBe('/experiment-run-result-details/1');
  });
});
