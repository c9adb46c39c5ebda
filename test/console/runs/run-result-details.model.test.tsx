import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { runResultDetailsMachine, type PassedRunResult } from '../../../src/machines/runs/run-result-details.machine';
import type { ExperimentRunDetails, ExperimentRunResult } from '../../../src/domain/experiments/evaluation-backend-types';
import type { RunResultWithNames } from '../../../src/domain/experiments/workbench-types';
import { RunResultDetailsPage } from '../../../src/views/runs/RunResultDetailsPage';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the result-detail screen. The results table passes its row (history state) and it shows at once,
// its judged products' names and its products' catalogue descriptions and attributes fetched beside it; opened
// by address, the row is fetched by id. A Metrics grid folds away and Back returns to the results page. Every shortest path of the real machine, replayed on the views.

afterEach(cleanup);

type DetailsSnapshot = SnapshotFrom<typeof runResultDetailsMachine>;

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

const finishedRun: ExperimentRunDetails = {
  id: 9,
  experiment_id: 4,
  evaluation_script_name: 'Golden set relevance',
  tags: [],
  status: 'success',
  total_cost: 0,
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
  summary: { results: 1, passed: 1, failed: 0, errors: 0, mean_metrics: { 'ndcg@10': 0.812 } },
};
/**
 * What GET experiment-run-results/41 answers: the row, its run, the catalogue's names of its judged products and
 * what it holds of the result's products (P2 and P5 it does not hold).
 */
const fetched: RunResultWithNames = {
  ...row,
  run_id: 9,
  product_names: { P1: 'Oak table', P9: 'Walnut table' },
  catalogue: {
    P1: { description: 'Solid oak, seats six', attributes: { colour: 'brown', material: 'oak', price: 899, tags: ['x'] } },
    P9: { description: '', attributes: { material: 'walnut' } },
  },
};

type ModelEvent =
  | EventFromLogic<typeof runResultDetailsMachine>
  | ActorDone<'fetchResult', RunResultWithNames | null>
  | ActorError<'fetchResult', Error>
  | ActorDone<'fetchNames', RunResultWithNames | null>
  | ActorError<'fetchNames', Error>;

const failure = new Error('The server answered 503');

/** What a person and the result call do in each state. */
function eventsFor(state: DetailsSnapshot) {
  return possibleEvents<ModelEvent>(state, [
    { type: 'user.toggleMetrics' },
    { type: 'user.back' },
    { type: 'user.retry' },
    ...(state.matches('fetching')
      ? ([
          { type: 'xstate.done.actor.fetchResult', output: fetched },
          { type: 'xstate.done.actor.fetchResult', output: null },
          { type: 'xstate.error.actor.fetchResult', error: failure },
        ] satisfies ModelEvent[])
      : []),
    ...(state.matches({ showing: { names: 'loading' } })
      ? ([
          { type: 'xstate.done.actor.fetchNames', output: fetched },
          { type: 'xstate.error.actor.fetchNames', error: failure },
        ] satisfies ModelEvent[])
      : []),
  ]);
}

function expectDetails(state: DetailsSnapshot) {
  if (state.hasTag('loading')) return expect(screen.getByRole('status').textContent).toBe('Loading...');
  if (state.hasTag('failed')) {
    expect(screen.getByRole('alert').textContent).toBe('The server answered 503');
    return expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  }
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
    ).toEqual(['nDCG@10', 'P@10', 'unjudged@10']);
    expect(
      within(metrics!)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['0.812', '0.400', '1.000']);
  } else {
    expect(metrics).toBeNull();
  }
  expect(
    within(screen.getByRole('list', { name: 'Legend' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Common: returned and judged relevant',
    'Leftover: returned, not in the golden set',
    'Missing: judged relevant, not returned',
    'Judged not relevant: in the golden set below the relevance cut (such as 0)',
  ]);
  const results = within(screen.getByRole('list', { name: 'Search Results Products' })).getAllByRole('listitem');
  expect(results.map((item) => item.getAttribute('data-match'))).toEqual(['common', 'leftover']);
  // Rank, role in words and grade, besides the colour.
  expect(results.map((item) => item.firstElementChild!.textContent)).toEqual(['#1 · Common · grade 3', '#2 · Leftover · unjudged']);
  expect(within(results[0]).getByRole('img', { name: 'Oak table' }).getAttribute('src')).toBe('/demo-images/P1.svg');
  // Once fetched, the catalogue's description and key attributes of the products it holds (texts and numbers).
  const known = 'P1' in state.context.catalogue;
  const oak = known ? ['Solid oak, seats six', 'colour:brownmaterial:oakprice:899'] : [];
  expect([...results[0].children].slice(2).map((child) => child.textContent)).toEqual(['Oak table', 'P1', ...oak]);
  expect([...results[1].children].slice(2).map((child) => child.textContent)).toEqual(['Pine table', 'P2']);
  const golden = within(screen.getByRole('list', { name: 'Golden Set Products' })).getAllByRole('listitem');
  // The catalogue's name when known: a returned product's from the search, the others' once fetched.
  const walnut = state.context.names?.P9 ? ['Walnut table', 'P9'] : ['P9'];
  expect(golden.map((item) => [...item.children].map((child) => child.textContent))).toEqual([
    ['Common', 'Oak table', 'P1', 'Relevance: 3', ...oak],
    ['Missing', ...walnut, 'Relevance: 2', ...(known ? ['material:walnut'] : [])],
    // Judged, grade 0: neither common nor missing.
    ['Judged not relevant', 'P5', 'Relevance: 0'],
  ]);
  expect(golden.map((item) => item.getAttribute('data-match'))).toEqual(['common', 'missing', 'irrelevant']);
}

describe.each([
  ['passed', passed, 41],
  ['opened by address', null, 41],
  ['opened by an address without an id', null, null],
] as const)('run result details, row %s', (_, given, resultId) => {
  const least = given ? 6 : resultId ? 5 : 1;
  replayShortestPaths(runResultDetailsMachine, {
    input: { passed: given, resultId },
    events: eventsFor,
    serializeState: (state) => JSON.stringify({ value: state.value, names: state.context.names, passed: state.context.passed !== null }),
    paths: { atLeast: least },
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)}${route ? ` via ${route}` : ''}`,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/experiment-run-result-details/41', <RunResultDetailsPage passed={given} resultId={resultId} />);
      return services;
    },
    async perform(event, services) {
      switch (event.type) {
        case 'user.toggleMetrics':
          return fireEvent.click(screen.getByRole('button', { name: /Metrics/ }));
        case 'user.back':
          return fireEvent.click(screen.getByRole('button', { name: 'Back to Results' }));
        case 'user.retry':
          return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        case 'xstate.done.actor.fetchResult':
        case 'xstate.done.actor.fetchNames':
          return services.settle('findRunResult', { output: event.output });
        case 'xstate.error.actor.fetchResult':
        case 'xstate.error.actor.fetchNames':
          return services.settle('findRunResult', { error: event.error });
      }
    },
    afterPerform({ event }, services) {
      // Back to the page the person came from; page 1 of the run's results when opened by address.
      if (event.type === 'user.back')
        expect(services.currentPath()).toBe(given ? '/experiment-run-results/9?page=2' : '/experiment-run-results/9?page=1');
    },
    // Back leaves the details: checked above.
    expectScreen: (state, _, event) => (event?.type === 'user.back' ? undefined : expectDetails(state)),
    afterPath(_, services) {
      // The result is asked for by its id: at once when opened by address, for the names when passed.
      if (resultId !== null) expect(services.last('findRunResult').args).toEqual([41]);
      else expect(services.calls('findRunResult')).toBe(0);
    },
  });
});

describe('from the results table to the details', () => {
  it('passes the row, its run and the page along with the address', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/9?page=2', <RunResultsPage id={9} />);
    expect(services.last('runResultRows').args).toEqual([9, { page: 2, pageSize: 20 }]);
    await services.settle('runResultRows', { output: { items: [row], total: null } });
    // The table shows once the run's summary says it has ended.
    await services.settle('findRun', { output: finishedRun });
    const table = screen.getByRole('table', { name: 'Results of run 9' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Experiment Configuration', 'Input', 'Status', 'Version', 'Test Result', 'nDCG@10', 'Created At', 'Actions']);
    expect(within(table).getAllByRole('row')[1].textContent).toBe(
      'As aboveoak dining tablePASSv1.1.0nDCG@10 0.812 · Complete0.812Nov 22, 2026, 3:04 PMDetails',
    );
    fireEvent.click(within(table).getByRole('link', { name: 'Details of result 41' }));
    expect(services.currentPath()).toBe('/experiment-run-result-details/41');
    expect(services.memory.state()).toEqual(passed);
  });

  it.each([
    ['passed', passed],
    ['opened by address', null],
  ])('goes Back to Results as the person left them, filter, sort and page (row %s)', async (_, given) => {
    const services = fakeDeps();
    const left = '/experiment-run-results/9?status=FAIL&sort=metric%3Andcg%4010&order=desc&page=2';
    renderWithLogic(services, '/experiment-run-result-details/41', <RunResultDetailsPage passed={given} resultId={41} origin={left} />);
    if (!given) await services.settle('findRunResult', { output: fetched });
    fireEvent.click(screen.getByRole('button', { name: 'Back to Results' }));
    expect(services.currentPath()).toBe(left);
  });

  it('goes Back to Results of its run at the row’s page when it came from elsewhere', () => {
    const services = fakeDeps();
    const elsewhere = '/experiment-run-results/10?status=FAIL';
    renderWithLogic(
      services,
      '/experiment-run-result-details/41',
      <RunResultDetailsPage passed={passed} resultId={41} origin={elsewhere} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to Results' }));
    expect(services.currentPath()).toBe('/experiment-run-results/9?page=2');
  });

  it('shows a placeholder for an image URL that is not http(s) or a path on this server', () => {
    const services = fakeDeps();
    const stored = structuredClone(passed);
    stored.result.result.results!.search_results![0].image_url = 'javascript:alert(1)';
    stored.result.result.results!.search_results![1].image_url = '//evil.example/x.png';
    renderWithLogic(services, '/experiment-run-result-details/41', <RunResultDetailsPage passed={stored} resultId={41} />);
    expect(screen.getByRole('img', { name: 'No image for Oak table' }).textContent).toBe('No image');
    expect(screen.getByRole('img', { name: 'No image for Pine table' }).textContent).toBe('No image');
    expect(document.querySelectorAll('img')).toHaveLength(0);
  });

  it('shows a placeholder for a broken product image', () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-result-details/41', <RunResultDetailsPage passed={passed} resultId={41} />);
    fireEvent.error(screen.getByRole('img', { name: 'Pine table' }));
    expect(screen.getByRole('img', { name: 'No image for Pine table' }).textContent).toBe('No image');
    expect(screen.getByRole('img', { name: 'Oak table' }).tagName).toBe('IMG');
  });

  it('gives a product without an image a compact row: no empty image box', () => {
    const services = fakeDeps();
    const stored = structuredClone(passed);
    delete stored.result.result.results!.search_results![0].image_url;
    renderWithLogic(services, '/experiment-run-result-details/41', <RunResultDetailsPage passed={stored} resultId={41} />);
    const oak = within(screen.getByRole('list', { name: 'Search Results Products' })).getAllByRole('listitem')[0];
    expect(within(oak).getByText('Oak table')).toBeTruthy();
    expect(within(oak).queryAllByRole('img')).toEqual([]);
    expect(oak.textContent).not.toContain('No image');
    expect(screen.getByRole('img', { name: 'Pine table' }).tagName).toBe('IMG');
  });
});
