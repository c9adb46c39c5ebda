import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EvaluationDetails, EvaluationResult } from '../../../src/domain/evaluations/evaluation-results';
import { EvaluationDetailPage } from '../../../src/views/evaluations/EvaluationDetailPage';
import { statusBadgeTone } from '../../../src/views/ui/status-badge.css';
import { fakeDeps } from '../helpers/fake-deps';
import { renderRoute, renderWithLogic } from '../helpers/render-console';

// The evaluation page beyond its machine's paths (evaluation-detail.model.test.tsx): the queries' completions as
// badges in their colours, their summaries, their filters and sort in the address and the call, the exports, the
// way into a query and back to the list, and the evaluation's dataset among its facts.

afterEach(cleanup);

const scored: EvaluationDetails = {
  id: 5,
  name: 'Vendor re-ranker, March',
  status: 'success',
  error: null,
  run_id: 30,
  golden_set_id: 4,
  golden_set_name: 'Golden Set France',
  dataset_id: 2,
  dataset_name: 'Home & Living queries FR',
  k: 10,
  gain: 'exponential',
  relevant_from: 1,
  format: 'csv',
  file_name: 'reranker.csv',
  progress: { done: 3, total: 3 },
  created_by: 'ana@example.com',
  created_at: '2026-03-02T09:15:00.000Z',
  finished_at: '2026-03-02T09:16:00.000Z',
  summary: {
    results: 3,
    passed: 2,
    failed: 1,
    unjudged: 0,
    errors: 0,
    counted: 3,
    repeated: 0,
    mean_metrics: { 'precision@10': 0.3, 'ndcg@10_exp': 0.61234, 'recall@10': 0.5 },
  },
};

const result = (
  id: number,
  input: string,
  completion: EvaluationResult['completion'],
  metrics: Record<string, number>,
): EvaluationResult => ({
  id,
  entry_id: id,
  run_id: 30,
  experiment_configuration: {},
  created_at: '2026-03-02T09:15:30.000Z',
  result: { input, status: 'PASS', test_result: 'as the server words it', results: { metrics } },
  completion,
});
const rows = [
  result(901, 'oak dining table', 'COMPLETE', {
    'ndcg@10_exp': 0.73412,
    'precision@10': 0.4,
    'recall@10': 0.8,
    'f1@10': 0.53333,
    'dcg@10_exp': 3.2,
  }),
  result(902, 'velvet sofa', 'PAGE_WITHOUT_RELEVANTS', { 'ndcg@10_exp': 0, 'precision@10': 0 }),
  result(903, 'floor lamp', 'NO_MORE_RESULTS', { 'ndcg@10_exp': 0.5, 'precision@10': 0.1 }),
  // A result without a ranking to judge (none in this server's evaluations, but the column allows it).
  { ...result(904, 'bar stool', null, {}), result: { input: 'bar stool', status: 'ERROR', test_result: 'Search failed: timeout' } },
];

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const sortBy = () => screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
const definition = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;

async function open(path = '/evaluations/5', origin: string | null = null) {
  const services = fakeDeps();
  renderWithLogic(services, path, <EvaluationDetailPage id={5} origin={origin} />);
  await services.settle('findEvaluation', { output: scored });
  await services.settle('evaluationResultRows', { output: { items: rows, total: rows.length } });
  return services;
}

describe('/evaluations/{id}', () => {
  it('lists its queries with their completion as a badge in its colour, their date and their scores to three decimals', async () => {
    await open();
    expect(definition('Queries')).toBe('Home & Living queries FR');
    expect(definition('Gain')).toBe('exponential');
    expect(definition('File')).toBe('reranker.csv (CSV)');
    const table = screen.getByRole('table', { name: 'Queries' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Query', 'Status', 'Created At', 'Summary']);
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(cells).toEqual([
      ['oak dining table', 'Complete', 'Mar 2, 2026, 9:15 AM', 'nDCG@10_exp 0.734 · P@10 0.400 · R@10 0.800 · F1@10 0.533'],
      ['velvet sofa', 'Page without relevants', 'Mar 2, 2026, 9:15 AM', 'nDCG@10_exp 0.000 · P@10 0.000'],
      ['floor lamp', 'No more results', 'Mar 2, 2026, 9:15 AM', 'nDCG@10_exp 0.500 · P@10 0.100'],
      ['bar stool', '—', 'Mar 2, 2026, 9:15 AM', 'Search failed: timeout'],
    ]);
    expect(within(table).getByText('Complete').className).toContain(statusBadgeTone.success);
    expect(within(table).getByText('Page without relevants').className).toContain(statusBadgeTone.danger);
    expect(within(table).getByText('No more results').className).toContain(statusBadgeTone.warning);
    expect(screen.getByText('4 queries')).toBeTruthy();
    // Each query opens its test case.
    expect(screen.getByRole('link', { name: 'velvet sofa' }).getAttribute('href')).toBe('/test-case/902');
  });

  it('shows its means over the queries they count, four decimals as npm run metrics prints them', async () => {
    await open();
    expect(definition('nDCG@10_exp')).toBe('0.6123');
    expect(definition('P@10')).toBe('0.3000');
    expect(screen.getByText('Means over 3 queries: passed or failed, each query once.')).toBeTruthy();
  });

  it("opens with the address's completions, search, sort and page, and asks for exactly them", async () => {
    const services = fakeDeps();
    renderWithLogic(
      services,
      '/evaluations/5?status=NO_MORE_RESULTS,COMPLETE&search=oak&sort=ndcg@10_exp&order=desc&page=2',
      <EvaluationDetailPage id={5} origin={null} />,
    );
    expect(services.last('evaluationResultRows').args).toEqual([
      5,
      { page: 2, pageSize: 20 },
      { status: 'NO_MORE_RESULTS,COMPLETE', search: 'oak', sort: 'ndcg@10_exp', order: 'desc' },
    ]);
    await services.settle('findEvaluation', { output: scored });
    await services.settle('evaluationResultRows', { output: { items: [], total: 0 } });
    expect([checkbox('Complete').checked, checkbox('Page without relevants').checked, checkbox('No more results').checked]).toEqual([
      true,
      false,
      true,
    ]);
    expect((screen.getByRole('searchbox', { name: 'Search queries' }) as HTMLInputElement).value).toBe('oak');
    expect(sortBy().value).toBe('ndcg@10_exp');
    // Scored first, the query, then the evaluation's metrics in the usual order.
    expect([...sortBy().options].map((option) => option.textContent)).toEqual(['Scored first', 'Query', 'nDCG@10_exp', 'P@10', 'R@10']);
    expect((screen.getByRole('combobox', { name: 'Order' }) as HTMLSelectElement).value).toBe('desc');
    expect(screen.getByRole('status').textContent).toBe('No queries match these filters.');
  });

  it('narrows by completion, searches and sorts by the query, from page 1 each time, in the address', async () => {
    const services = await open('/evaluations/5?page=3');
    fireEvent.click(checkbox('Page without relevants'));
    expect(services.currentPath()).toBe('/evaluations/5?status=PAGE_WITHOUT_RELEVANTS&page=1');
    expect(services.last('evaluationResultRows').args[2]).toEqual({ status: 'PAGE_WITHOUT_RELEVANTS' });
    await services.settle('evaluationResultRows', { output: { items: [rows[1]], total: 1 } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search queries' }), { target: { value: 'sofa' } });
    fireEvent.submit(screen.getByRole('search'));
    await services.settle('evaluationResultRows', { output: { items: [rows[1]], total: 1 } });
    fireEvent.change(sortBy(), { target: { value: 'input' } });
    expect(services.currentPath()).toBe('/evaluations/5?status=PAGE_WITHOUT_RELEVANTS&search=sofa&sort=input&page=1');
    expect(services.last('evaluationResultRows').args).toEqual([
      5,
      { page: 1, pageSize: 20 },
      { status: 'PAGE_WITHOUT_RELEVANTS', search: 'sofa', sort: 'input' },
    ]);
  });

  it('exports its qrels, TREC run and CSV as downloads', async () => {
    const services = await open();
    expect(screen.getAllByRole('button', { name: /^Export/ }).map((button) => button.textContent)).toEqual([
      'Export qrels',
      'Export TREC run',
      'Export CSV',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Export TREC run' }));
    expect(services.last('exportEvaluation').args).toEqual([5, 'trec']);
    const file = { blob: new Blob(['q1 Q0 P-1 1 0.9 vendor\n']), filename: 'evaluation-5.trec' };
    await services.settle('exportEvaluation', { output: file });
    expect(services.saved).toEqual([file]);
    expect(screen.getByText('Saved evaluation-5.trec.')).toBeTruthy();
  });

  it('compares its run with a run it shares a golden set with, the older as the baseline', async () => {
    const services = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Compare with…' }));
    expect(services.last('comparableRuns').args[0]).toBe(30);
    const run = {
      id: 41,
      experiment_id: 7,
      number: 2,
      experiment_name: 'BM25 baseline',
      status: 'success',
      tags: [],
      created_at: '2026-03-05T10:00:00.000Z',
      evaluation_script_name: 'Golden set relevance',
      evaluation: null,
    };
    await services.settle('comparableRuns', { output: { items: [run], total: 1 } });
    fireEvent.click(within(screen.getByRole('list', { name: 'Comparable runs' })).getByRole('button', { name: /BM25 baseline/ }));
    expect(services.currentPath()).toBe('/compare?baseline=30&candidate=41');
  });

  it('offers no comparison while it is being scored', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluations/5', <EvaluationDetailPage id={5} origin={null} />);
    await services.settle('findEvaluation', { output: { ...scored, status: 'running', summary: undefined, finished_at: null } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vendor re-ranker, March');
    expect(screen.queryByRole('button', { name: 'Compare with…' })).toBeNull();
  });

  it('goes back to the list at the page the person came from, or to its first page when opened by address', async () => {
    const services = await open('/evaluations/5', '/evaluations?page=3');
    fireEvent.click(screen.getByRole('button', { name: 'Back to Evaluations' }));
    expect(services.currentPath()).toBe('/evaluations?page=3');
    cleanup();
    const opened = await open('/evaluations/5', null);
    fireEvent.click(screen.getByRole('button', { name: 'Back to Evaluations' }));
    expect(opened.currentPath()).toBe('/evaluations');
  });

  it('says so for an id the server does not know, or a malformed one', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluations/5', <EvaluationDetailPage id={5} origin={null} />);
    await services.settle('findEvaluation', { output: null });
    expect(screen.getByRole('alert').textContent).toBe('Evaluation not found');
    cleanup();
    const other = fakeDeps();
    renderRoute(other, '/evaluations/abc');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid evaluation ID');
    expect(other.calledMethods()).toEqual([]);
  });
});
