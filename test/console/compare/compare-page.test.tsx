import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ComparePage } from '../../../src/views/compare/ComparePage';
import { fakeDeps } from '../helpers/fake-deps';
import { comparedRun, comparisonAnswer } from '../helpers/comparison-answer';
import { renderRoute, renderWithLogic } from '../helpers/render-console';
import { statusBadgeTone } from '../../../src/views/ui/status-badge.css';

// The compare page beyond the machine's paths (compare-page.model.test.tsx): what an address without two runs says,
// the rows only one run has, the histogram's bars, Back after a choice, and the CSV export.

afterEach(cleanup);

describe('an address without two runs to compare', () => {
  it.each([
    ['/compare', 'Choose two runs to compare: the address has no valid baseline and candidate run IDs.'],
    ['/compare?baseline=abc&candidate=2', 'Invalid baseline run ID: the address needs ?baseline= with a run ID or evaluation:ID.'],
    ['/compare?baseline=4&candidate=4', 'The baseline and the candidate are the same run (Run 4): choose two different runs.'],
  ])('%s says why and asks the server nothing', async (path, message) => {
    const services = fakeDeps();
    renderRoute(services, path);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Compare runs');
    expect(services.calls('compareRuns')).toBe(0);
    expect(services.currentPath()).toBe(path);
  });
});

describe('a comparison', () => {
  it('lists the queries only in the baseline with dashes, each leading to its result', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2&metric=ndcg@10&filter=only_baseline', <ComparePage />);
    expect(services.last('compareRuns').args).toEqual([
      { baseline: '1', candidate: '2', metric: 'ndcg@10', filter: 'only_baseline' },
      { page: 1, pageSize: 20 },
    ]);
    await services.settle('compareRuns', { output: comparisonAnswer() });
    // The address is written in its one form, in place.
    expect(services.currentPath()).toBe('/compare?baseline=1&candidate=2&metric=ndcg%4010&filter=only_baseline');
    expect(screen.getByText('Over 4 paired queries')).toBeTruthy();
    expect(screen.getByText('2 queries only in the baseline and 1 only in the candidate, left out of the statistics.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Show' }) as HTMLSelectElement).value).toBe('only_baseline');
    expect(screen.getByRole('option', { name: 'Only in baseline (2)' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Only in baseline queries by nDCG@10' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['red sofa', '0.6100', '—', '—', '—', '—', '—', '—', 'Details'],
      ['blue lamp', '0.2000', '—', '—', '—', '—', '—', '—', 'Details'],
    ]);
    expect(screen.getByRole('link', { name: 'Details: red sofa' }).getAttribute('href')).toBe('/experiment-run-result-details/7');
    expect(screen.getByText('2 queries')).toBeTruthy();
    // Listed by query text: the order by delta does not apply.
    expect((screen.getByRole('combobox', { name: 'Order' }) as HTMLSelectElement).disabled).toBe(true);
  });

  it('opens the candidate’s judge queue scoped to the queries that dropped against the baseline', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2', <ComparePage />);
    await services.settle('compareRuns', { output: comparisonAnswer() });
    const judge = screen.getByRole('link', { name: 'Judge the regressions' });
    expect(judge.getAttribute('href')).toBe('/experiment-run-results/2/judge?scope=regressions&comparison=1');
  });

  it('offers no judging of regressions when the candidate has no golden set', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2', <ComparePage />);
    await services.settle('compareRuns', { output: comparisonAnswer({ candidate: comparedRun(2, 'Dense', { golden_set_id: null }) }) });
    expect(screen.getByText('Over 4 paired queries')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Judge the regressions' })).toBeNull();
  });

  it('lists the queries only one run has from the line that counts them', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2', <ComparePage />);
    await services.settle('compareRuns', { output: comparisonAnswer() });
    expect((screen.getByRole('combobox', { name: 'Order' }) as HTMLSelectElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'List those only in the candidate' }));
    expect(services.currentPath()).toBe('/compare?baseline=1&candidate=2&metric=ndcg%4010&filter=only_candidate');
    expect(services.last('compareRuns').args[0]).toEqual({ baseline: '1', candidate: '2', metric: 'ndcg@10', filter: 'only_candidate' });
    expect(screen.getByRole('button', { name: 'List those only in the baseline' })).toBeTruthy();
  });

  it('marks only the significant p-value, in words too', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2', <ComparePage />);
    await services.settle('compareRuns', { output: comparisonAnswer() });
    const row = within(screen.getByRole('table', { name: 'Summary' })).getAllByRole('row')[1];
    expect(Array.from(row.children, (cell) => cell.textContent)).toEqual([
      'nDCG@10',
      '0.5000',
      '0.5500',
      '+0.0500',
      '+10.0%',
      '[−0.2000, +0.3000]',
      '0.600',
      '0.040 significant',
      '2 / 1 / 1',
      // The two tests disagree: no verdict either way.
      'no significant change',
    ]);
    expect(within(row).getAllByText('significant')).toHaveLength(1);
    expect(within(row).getByText('no significant change').className).toContain(statusBadgeTone.neutral);
  });

  it('paints a significant regression red and a significant improvement green, and says which', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2', <ComparePage />);
    const [ndcg] = comparisonAnswer().comparison.metrics;
    const significant = { p_value_t: 0.01, p_value_randomization: 0.02 };
    const metrics = [
      { ...ndcg, ...significant, delta: -0.05 },
      { ...ndcg, ...significant, name: 'precision@10', delta: 0.05 },
    ];
    await services.settle('compareRuns', { output: comparisonAnswer({ metrics }) });
    const rows = within(screen.getByRole('table', { name: 'Summary' }))
      .getAllByRole('row')
      .slice(1);
    const verdicts = rows.map((row) => row.lastElementChild!.firstElementChild!);
    expect(verdicts.map((verdict) => verdict.textContent)).toEqual(['significant regression', 'significant improvement']);
    expect(verdicts[0].className).toContain(statusBadgeTone.danger);
    expect(verdicts[1].className).toContain(statusBadgeTone.success);
    // The p-values' own labels take the same colours, never one colour for both ways.
    expect(within(rows[0]).getAllByText('significant')[0].className).toContain(statusBadgeTone.danger);
    expect(within(rows[1]).getAllByText('significant')[0].className).toContain(statusBadgeTone.success);
  });

  it('opens on the improvements when no query got worse, and writes that in the address', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2', <ComparePage />);
    const [ndcg] = comparisonAnswer().comparison.metrics;
    await services.settle('compareRuns', { output: comparisonAnswer({ metrics: [{ ...ndcg, wins: 3, ties: 30, losses: 0 }] }) });
    expect(services.currentPath()).toBe('/compare?baseline=1&candidate=2&metric=ndcg%4010&filter=improvements');
    expect(services.last('compareRuns').args[0]).toEqual({ baseline: '1', candidate: '2', metric: 'ndcg@10', filter: 'improvements' });
    expect((screen.getByRole('combobox', { name: 'Show' }) as HTMLSelectElement).value).toBe('improvements');
    expect(services.calls('compareRuns')).toBe(2);
  });

  it('swaps the baseline and the candidate, in the address too, and shows both runs’ numbers, tags and differences', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2&filter=regressions', <ComparePage />);
    const baseline = { ...comparedRun(1, 'BM25'), number: 3, tags: ['nightly'], config: { search_target: { kind: 'builtin' }, k: 10 } };
    const candidate = {
      ...comparedRun(2, 'Dense'),
      number: 4,
      tags: ['dense', 'v2'],
      config: { search_target: { kind: 'builtin' }, k: 20 },
    };
    await services.settle('compareRuns', { output: comparisonAnswer({ baseline, candidate }) });
    const runs = within(screen.getByRole('region', { name: 'Compared runs' }));
    expect(runs.getByRole('link', { name: 'BM25 · Run #3' }).getAttribute('href')).toBe('/experiment-run-results/1');
    expect(runs.getByRole('link', { name: 'Dense · Run #4' }).getAttribute('href')).toBe('/experiment-run-results/2');
    const tagsOf = (name: string) =>
      within(runs.getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((tag) => tag.textContent);
    expect(tagsOf('Tags of the baseline')).toEqual(['nightly']);
    expect(tagsOf('Tags of the candidate')).toEqual(['dense', 'v2']);
    const differences = within(runs.getByRole('table', { name: 'Configuration differences' })).getAllByRole('row');
    expect(differences.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Setting', 'Run #3 (baseline)', 'Run #4 (candidate)'],
      ['Tags', 'nightly', 'dense, v2'],
      ['k', '10', '20'],
    ]);

    fireEvent.click(runs.getByRole('button', { name: 'Swap' }));
    // What were regressions are now improvements: the same queries stay listed.
    expect(services.currentPath()).toBe('/compare?baseline=2&candidate=1&metric=ndcg%4010&filter=improvements');
    expect(services.last('compareRuns').args[0]).toEqual({ baseline: '2', candidate: '1', metric: 'ndcg@10', filter: 'improvements' });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await services.settle('compareRuns', { output: comparisonAnswer({ baseline: candidate, candidate: baseline }) });
    const swapped = within(screen.getByRole('region', { name: 'Compared runs' }));
    expect(swapped.getByText('Baseline').nextElementSibling?.textContent).toBe('Dense · Run #4');
    services.goBack();
    expect(services.currentPath()).toBe('/compare?baseline=1&candidate=2&metric=ndcg%4010&filter=regressions');
  });

  it('draws a bar per bin with queries, red below 0 and green above, each named on hover', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2', <ComparePage />);
    await services.settle('compareRuns', { output: comparisonAnswer() });
    const chart = screen.getByRole('img', { name: /deltas/ });
    expect(chart.getAttribute('aria-label')).toBe(
      'Histogram of the per-query nDCG@10 deltas: 3 changed queries (1 worse, 2 better) in bins of 0.05 from −1 to 1; 1 unchanged, not drawn.',
    );
    expect(Array.from(chart.querySelectorAll('rect title'), (title) => title.textContent)).toEqual([
      '−0.55 to −0.50: 1 query',
      '0.50 to 0.55: 2 queries',
    ]);
    expect(screen.getByText('1 unchanged query (delta 0), not drawn.')).toBeTruthy();
  });

  it('shows how alike the rankings are, and lists those that changed most, unjudged ones too, each named on hover', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2&metric=ndcg@10&filter=paired', <ComparePage />);
    await services.settle('compareRuns', { output: comparisonAnswer() });
    const chart = screen.getByRole('img', { name: /RBO ext/ });
    expect(Array.from(chart.querySelectorAll('rect title'), (title) => title.textContent)).toEqual([
      'RBO 0.30 to 0.40: 1 query',
      'RBO 0.90 to 1.00: 4 queries',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'List the rankings that changed most' }));
    expect(services.last('compareRuns').args[0]).toEqual({
      baseline: '1',
      candidate: '2',
      metric: 'ndcg@10',
      filter: 'ranked',
      sort: 'rbo_ext',
    });
    expect(services.currentPath()).toBe('/compare?baseline=1&candidate=2&metric=ndcg%4010&filter=ranked');
    const unjudged = {
      query: 'green rug',
      baseline_result_id: 9,
      candidate_result_id: 19,
      baseline: null,
      candidate: null,
      delta: null,
      overlap: { overlap: 0.2, jaccard: 0.1111, rbo_min: 0.05, rbo_ext: 0.3 },
    };
    await services.settle('compareRuns', { output: comparisonAnswer({ results: [unjudged] }, 1) });
    expect(screen.getByRole('option', { name: 'Rankings that changed most (5)' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Rankings that changed most queries by nDCG@10' })).getAllByRole('row');
    expect(Array.from(rows[1].children, (cell) => cell.textContent)).toEqual([
      'green rug',
      '—',
      '—',
      '—',
      '0.200',
      '0.111',
      '0.050',
      '0.300',
      'Side by side',
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'RBO persistence' }), { target: { value: '0.5' } });
    expect(services.last('compareRuns').args[0]).toMatchObject({ filter: 'ranked', sort: 'rbo_ext', rbo_p: '0.5' });
  });

  it('shows the server’s refusal as the page’s error', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=9', <ComparePage />);
    await services.settle('compareRuns', { error: new Error('Experiment run 9 has not finished') });
    expect(screen.getByRole('alert').textContent).toBe('Experiment run 9 has not finished');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('goes back to the filter before on Back, and asks for it again', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2', <ComparePage />);
    await services.settle('compareRuns', { output: comparisonAnswer({ results: [] }, 0) });
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'regressions' } });
    expect(services.currentPath()).toBe('/compare?baseline=1&candidate=2&metric=ndcg%4010&filter=regressions');
    await services.settle('compareRuns', { output: comparisonAnswer({ results: [] }, 0) });
    expect(screen.getByRole('status').textContent).toBe('No query got worse.');
    services.goBack();
    // The filter the page opened on is in the address: Back returns to it.
    expect(services.currentPath()).toBe('/compare?baseline=1&candidate=2&metric=ndcg%4010&filter=paired');
    expect(services.last('compareRuns').args[0]).toEqual({ baseline: '1', candidate: '2', metric: 'ndcg@10', filter: 'paired' });
    await services.settle('compareRuns', { output: comparisonAnswer({ results: [] }, 0) });
    expect((screen.getByRole('combobox', { name: 'Show' }) as HTMLSelectElement).value).toBe('paired');
    expect(screen.getByRole('status').textContent).toBe('The runs have no query in common.');
  });

  it('exports the rows of the filter as CSV, busy meanwhile, then names the file', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2&filter=regressions&order=desc', <ComparePage />);
    await services.settle('compareRuns', { output: comparisonAnswer() });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(services.last('exportComparison').args).toEqual([
      { baseline: '1', candidate: '2', metric: 'ndcg@10', filter: 'regressions', order: 'desc' },
    ]);
    const busy = screen.getByRole('button', { name: 'Exporting CSV...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    const file = { blob: new Blob(['query,baseline_result_id\n']), filename: 'run-1-vs-run-2-ndcg@10.csv' };
    await services.settle('exportComparison', { output: file });
    expect(services.saved).toEqual([file]);
    expect(screen.getByText('Saved run-1-vs-run-2-ndcg@10.csv.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await services.settle('exportComparison', { error: new Error('The server answered 500 Internal Server Error') });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to export the comparison: The server answered 500 Internal Server Error'),
    );
    expect(services.saved).toHaveLength(1);
  });
});

describe('the way back from a comparison', () => {
  /** The entry's state as the browser router writes it: the addresses that led to the comparison. */
  const cameFrom = (...trail: string[]) => window.history.replaceState({ consoleDepth: trail.length, consoleTrail: trail }, '');
  afterEach(() => window.history.replaceState(null, ''));

  const crumbs = () =>
    within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);

  it.each([
    [
      'the runs list, at its page',
      ['/experiments', '/experiment-runs/3?page=2'],
      [
        ['Experiments', '/experiments'],
        ['Dense', '/experiment-runs/3?page=2'],
      ],
    ],
    [
      'a run’s results, filtered, sorted and paged',
      ['/experiment-runs/3', '/experiment-run-results/1?status=FAIL&sort=input&page=2'],
      [
        ['Experiments', '/experiments'],
        ['BM25', '/experiment-runs/3'],
        ['Run #1', '/experiment-run-results/1?status=FAIL&sort=input&page=2'],
      ],
    ],
    [
      'nowhere (opened by its address): the candidate’s experiment',
      [],
      [
        ['Experiments', '/experiments'],
        ['Dense', '/experiment-runs/3'],
      ],
    ],
    [
      'the results of a run not compared here: the candidate’s experiment',
      ['/experiment-run-results/8?page=4'],
      [
        ['Experiments', '/experiments'],
        ['Dense', '/experiment-runs/3'],
      ],
    ],
  ])('leads back to %s', async (_, trail, expected) => {
    cameFrom(...trail);
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2', <ComparePage />);
    await services.settle('compareRuns', { output: comparisonAnswer() });
    expect(crumbs()).toEqual(expected);
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getByText('Compare runs')
        .getAttribute('aria-current'),
    ).toBe('page');
    // A choice on the page keeps the way back.
    fireEvent.click(screen.getByRole('button', { name: 'List those only in the candidate' }));
    await services.settle('compareRuns', { output: comparisonAnswer() });
    expect(crumbs()).toEqual(expected);
    fireEvent.click(screen.getByRole('link', { name: expected.at(-1)![0]! }));
    expect(services.currentPath()).toBe(expected.at(-1)![1]);
  });
});

describe('a comparison with an evaluation', () => {
  it('takes evaluation:ID and run:ID from the address, asks the server with them and links the evaluation’s side to its page', async () => {
    const services = fakeDeps();
    renderRoute(services, '/compare?baseline=evaluation:5&candidate=run:2');
    await waitFor(() => expect(services.calls('compareRuns')).toBe(1));
    expect(services.last('compareRuns').args[0]).toEqual({ baseline: 'evaluation:5', candidate: '2' });
    const evaluationRun = comparedRun(9, '', { experiment_id: null, experiment_name: null, evaluation: { id: 5, name: 'Vendor ranking' } });
    await services.settle('compareRuns', { output: comparisonAnswer({ baseline: evaluationRun }) });
    // Written back in its one form: the run by its id alone.
    expect(services.currentPath()).toBe('/compare?baseline=evaluation%3A5&candidate=2&metric=ndcg%4010&filter=paired');
    const baseline = screen.getByRole('link', { name: 'Evaluation · Vendor ranking' });
    expect(baseline.getAttribute('href')).toBe('/evaluations/5');
    expect(screen.getByRole('link', { name: 'Dense · Run #2' }).getAttribute('href')).toBe('/experiment-run-results/2');
  });
});
