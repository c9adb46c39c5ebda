import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { runResultDetailsMachine, type PassedRunResult } from '../../src/machines/run-result-details.machine';
import type { ExperimentRunResult } from '../../src/domain/evaluation-backend-types';
import { RunResultDetailsPage } from '../../src/views/RunResultDetailsPage';
import { RunResultsPage } from '../../src/views/RunResultsPage';
import { fakeDeps } from './helpers/fake-deps';
import { renderWithLogic } from './helpers/render-console';

// Model-based: the result-detail navigation. The results table passes its row (history state) to the
// details screen, which shows it with a Metrics grid that folds away and goes Back to the results page;
// without the row, the screen says so. Every simple path of the real machine, replayed against the views.

afterEach(cleanup);

type DetailsSnapshot = SnapshotFrom<typeof runResultDetailsMachine>;
type ModelEvent = EventFromLogic<typeof runResultDetailsMachine>;

const row: ExperimentRunResult = {
  id: 41,
  experiment_configuration: { k: 10, version: 'v1.1.0' },
  created_at: '2026-11-22T15:04:00Z',
  result: {
    input: 'oak dining table',
    status: 'PASS',
    version: 'v1.1.0',
    test_result: 'nDCG@10 0.812 · Complete',
    results: {
      metrics: { 'unjudged@10': 1, 'precision@10': 0.4, 'ndcg@10': 0.81234 },
      search_results: [
        { product_id: 'P1', name: 'Oak table', image_url: '/demo-images/P1.svg' },
        { product_id: 'P2', name: 'Pine table', image_url: '/demo-images/P2.svg' },
      ],
      golden_set: [
        { product_id: 'P1', relevance: 3 },
        { product_id: 'P9', relevance: 2 },
        { product_id: 'P5', relevance: 0 },
      ],
      commons: ['P1'],
      missings: ['P9'],
      leftovers: ['P2'],
    },
  },
};
const passed: PassedRunResult = { result: row, runId: 9, page: 2 };

const events: ModelEvent[] = [{ type: 'user.toggleMetrics' }, { type: 'user.back' }];

const serializeState = (state: DetailsSnapshot, event: ModelEvent | undefined, previous?: DetailsSnapshot) =>
  JSON.stringify({ value: state.value, from: previous?.value, by: event?.type });

function expectDetails(state: DetailsSnapshot) {
  if (state.hasTag('missing')) {
    expect(screen.getByRole('alert').textContent).toBe('No run result details found. Please go back and try again.');
    expect(screen.queryByRole('button', { name: 'Back to Results' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Metrics/ })).toBeNull();
    return;
  }
  const toggle = screen.getByRole('button', { name: /Metrics/ });
  expect(toggle.getAttribute('aria-expanded')).toBe(String(state.hasTag('metricsOpen')));
  const metrics = screen.queryByLabelText('Metrics', { selector: 'dl' });
  if (state.hasTag('metricsOpen')) {
    // Headline scores first, whatever order the stored JSON has.
    expect(
      within(metrics!)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['ndcg@10', 'precision@10', 'unjudged@10']);
    expect(
      within(metrics!)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['0.812', '0.400', '1.000']);
  } else {
    expect(metrics).toBeNull();
  }
  expect(within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem')).toHaveLength(4);
  const results = within(screen.getByRole('list', { name: 'Search Results Products' })).getAllByRole('listitem');
  expect(results.map((item) => item.getAttribute('data-match'))).toEqual(['common', 'leftover']);
  expect(within(results[0]).getByRole('img', { name: 'Oak table' }).getAttribute('src')).toBe('/demo-images/P1.svg');
  const golden = within(screen.getByRole('list', { name: 'Golden Set Products' })).getAllByRole('listitem');
  expect(golden.map((item) => [item.textContent, item.getAttribute('data-match')])).toEqual([
    ['P1Relevance: 3', 'common'],
    ['P9Relevance: 2', 'missing'],
    // Judged, grade 0: neither common nor missing.
    ['P5Relevance: 0', 'irrelevant'],
  ]);
}

describe.each([
  ['passed', passed],
  ['not passed', null],
] as const)('run result details, row %s', (_, given) => {
  const paths = getSimplePaths(runResultDetailsMachine, {
    input: { passed: given },
    events: (state) => events.filter((event) => state.can(event)),
    serializeState: serializeState as never,
  });

  // A broken generator fails loudly: at least as many paths as the graph yields today.
  const least = given ? 12 : 1;
  it(`yields at least ${least} paths`, () => expect(paths.length).toBeGreaterThanOrEqual(least));

  for (const path of paths) {
    const steps = path.steps.slice(1);
    const route = steps.map(({ event }) => event.type).join(' → ');
    it(`reaches ${JSON.stringify(path.state.value)}${route ? ` via ${route}` : ''}`, async () => {
      const services = fakeDeps();
      renderWithLogic(services, '/experiment-run-result-details/41', <RunResultDetailsPage passed={given} />);
      expectDetails(path.steps[0].state);
      for (const step of steps) {
        if (step.event.type === 'user.toggleMetrics') fireEvent.click(screen.getByRole('button', { name: /Metrics/ }));
        else fireEvent.click(screen.getByRole('button', { name: 'Back to Results' }));
        if (step.event.type === 'user.back') expect(services.currentPath()).toBe('/experiment-run-results/9?page=2');
        else await waitFor(() => expectDetails(step.state));
      }
    });
  }
});

describe('from the results table to the details', () => {
  it('passes the row, its run and the page along with the address', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/9?page=2', <RunResultsPage id={9} />);
    expect(services.last('runResultRows').args).toEqual([9, { page: 2, pageSize: 20 }]);
    await services.settle('runResultRows', { output: { items: [row], total: null } });
    const table = screen.getByRole('table', { name: 'Results of run 9' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Experiment Configuration', 'Input', 'Status', 'Version', 'Test Result', 'Created At', 'Actions']);
    expect(within(table).getAllByRole('row')[1].textContent).toBe(
      'k: 10 · version: v1.1.0oak dining tablePASSv1.1.0nDCG@10 0.812 · CompleteNov 22, 2026, 3:04 PMDetails',
    );
    fireEvent.click(within(table).getByRole('link', { name: 'Details of result 41' }));
    expect(services.currentPath()).toBe('/experiment-run-result-details/41');
    expect(services.memory.state()).toEqual(passed);
  });

  it('shows a placeholder for a broken product image', () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-result-details/41', <RunResultDetailsPage passed={passed} />);
    fireEvent.error(screen.getByRole('img', { name: 'Pine table' }));
    expect(screen.getByRole('img', { name: 'No image for Pine table' }).textContent).toBe('No image');
    expect(screen.getByRole('img', { name: 'Oak table' }).tagName).toBe('IMG');
  });
});
