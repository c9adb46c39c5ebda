import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { comparePageMachine } from '../../../src/machines/compare/compare-page.machine';
import { PAGE_SIZE } from '../../../src/machines/shared/paged-list.machine';
import {
  compareSearch,
  comparisonParams,
  FILTER_LABELS,
  shownFilter,
  type CompareAddress,
} from '../../../src/domain/compare/compare-address';
import { filterCounts } from '../../../src/domain/compare/compare-format';
import type { ComparisonRow, ComparisonPage, RunComparison } from '../../../src/domain/compare/comparison-types';
import { ComparePage } from '../../../src/views/compare/ComparePage';
import { comparedRun, overlapSummary } from '../helpers/comparison-answer';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { isXStateEvent, possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: every shortest path of the compare page's machine, replayed on the real page at
// /compare?baseline=1&candidate=2 with the comparison call settled by the test. Each choice (metric, filter,
// search, order, RBO's persistence) is made through its control, Swap through its button, pages through the pager,
// Back/Forward through the address. At each step: the runs (by their numbers), the paired summary with its
// significance marks and verdicts, the rankings' overlap, the rows, the histogram's text, the error, and the address (a choice is a new entry; the
// page corrects its own in place). A first answer without regressions opens the page on the improvements.

afterEach(cleanup);

type PageSnapshot = SnapshotFrom<typeof comparePageMachine>;
type ModelEvent =
  EventFromLogic<typeof comparePageMachine> | ActorDone<'fetchComparison', ComparisonPage> | ActorError<'fetchComparison', Error>;

const TOTAL = 45;
const START = '?baseline=1&candidate=2';

const run = (id: number, name: string) => comparedRun(id, name, { experiment_id: id + 10, number: id + 4 });
const RUN_NAMES: Record<number, string> = { 1: 'BM25', 2: 'BM25 + synonyms', 3: 'Dense' };

const metrics: RunComparison['metrics'] = [
  {
    name: 'ndcg@10',
    baseline_mean: 0.498,
    candidate_mean: 0.519,
    delta: 0.021,
    relative_delta: 0.042,
    ci95: [0.004, 0.038],
    p_value_t: 0.013,
    p_value_randomization: 0.012,
    wins: 41,
    ties: 70,
    losses: 19,
  },
  {
    name: 'precision@10',
    baseline_mean: 0.31,
    candidate_mean: 0.3,
    delta: -0.01,
    relative_delta: -0.0323,
    ci95: [-0.03, 0.01],
    p_value_t: 0.21,
    p_value_randomization: 0.2,
    wins: 10,
    ties: 110,
    losses: 10,
  },
  {
    name: 'reciprocal_rank@10',
    baseline_mean: 0,
    candidate_mean: 0,
    delta: 0,
    relative_delta: null,
    ci95: null,
    p_value_t: 1,
    p_value_randomization: 1,
    wins: 0,
    ties: 130,
    losses: 0,
  },
];

/** What each summary row reads, cell by cell: the significance of nDCG@10's two p-values said in words. */
const summaryRows = (ndcgCounts: string) => [
  [
    'nDCG@10',
    '0.4980',
    '0.5190',
    '+0.0210',
    '+4.2%',
    '[+0.0040, +0.0380]',
    '0.013 significant',
    '0.012 significant',
    ndcgCounts,
    'significant improvement',
  ],
  ['P@10', '0.3100', '0.3000', '−0.0100', '−3.2%', '[−0.0300, +0.0100]', '0.210', '0.200', '10 / 110 / 10', 'no significant change'],
  ['RR@10', '0.0000', '0.0000', '0.0000', '—', '—', '1.000', '1.000', '0 / 130 / 0', 'no significant change'],
];

/** nDCG@10 with no query worse: the page opens on the improvements. */
const withoutRegressions = metrics.map((metric) => (metric.name === 'ndcg@10' ? { ...metric, ties: 89, losses: 0 } : metric));

/** The rows of one page of 45: 20, 20, then 5, each a regression. */
function rowsOf(page: number, count = Math.min(PAGE_SIZE, TOTAL - (page - 1) * PAGE_SIZE)): ComparisonRow[] {
  return Array.from({ length: count }, (_, i) => {
    const n = (page - 1) * PAGE_SIZE + i + 1;
    return {
      query: `query ${n}`,
      baseline_result_id: 100 + n,
      candidate_result_id: 200 + n,
      baseline: 0.5,
      candidate: 0.25,
      delta: -0.25,
      overlap: { overlap: 0.6, jaccard: 3 / 7, rbo_min: 0.3955, rbo_ext: 0.5923 },
    };
  });
}

/** The server's answer to the machine's address: its runs and metric, one page of rows. */
function answerFor({ baseline, candidate, metric, page, rboP }: CompareAddress, empty = false, noRegressions = false): ComparisonPage {
  const bins = Array.from({ length: 40 }, (_, i) => ({
    from: -1 + i * 0.05,
    to: -1 + (i + 1) * 0.05,
    count: i === 15 ? 19 : i === 22 ? 41 : 0,
  }));
  return {
    comparison: {
      baseline: run(Number(baseline), RUN_NAMES[Number(baseline)]),
      candidate: run(Number(candidate), RUN_NAMES[Number(candidate)]),
      paired: 130,
      only_baseline: 3,
      only_candidate: 0,
      metric: metric || 'ndcg@10',
      metrics: noRegressions ? withoutRegressions : metrics,
      histogram: { bins, unchanged: 70 },
      overlap: overlapSummary({ p: rboP ?? 0.9 }),
      results: empty ? [] : rowsOf(page),
    },
    total: empty ? 0 : TOTAL,
  };
}

const isDefaultAddress = ({ metric, filter, search, order, rboP }: CompareAddress) =>
  (metric === '' || metric === 'ndcg@10') && filter === 'paired' && search === '' && order === 'asc' && rboP === undefined;

const runNumber = (id: number) => id + 4;

/**
 * What a person can do in each state. Each choice once, from the page as it opened (a second choice on top
 * of the first adds no screen the paths lack); a failure or an empty answer on the first page; another
 * pair of runs, or an address without one, typed in.
 */
function eventsFor(state: PageSnapshot): ModelEvent[] {
  const { address } = state.context;
  const events: ModelEvent[] = [];
  if (state.matches({ comparing: 'loading' })) {
    events.push({ type: 'xstate.done.actor.fetchComparison', output: answerFor(address) });
    if (address.page === 1) {
      events.push({ type: 'xstate.done.actor.fetchComparison', output: answerFor(address, true) });
      events.push({ type: 'xstate.error.actor.fetchComparison', error: new Error('Experiment run 2 not found') });
    }
    // Opening: no query got worse.
    if (address.filter === null && address.candidate === '2') {
      events.push({ type: 'xstate.done.actor.fetchComparison', output: answerFor(address, false, true) });
    }
  }
  if (state.matches({ comparing: 'loaded' })) {
    events.push({ type: 'user.nextPage' }, { type: 'user.previousPage' });
    if (isDefaultAddress(address) && address.candidate === '2') {
      events.push(
        { type: 'user.metricChosen', metric: 'precision@10' },
        { type: 'user.filterChosen', filter: 'regressions' },
        { type: 'user.searched', search: 'sofa' },
        { type: 'user.orderChosen', order: 'desc' },
        { type: 'user.filterChosen', filter: 'ranked' },
        { type: 'user.persistenceChosen', p: 0.5 },
      );
      if (address.page === 1) {
        events.push(
          { type: 'route.changed', search: '?baseline=1&candidate=3' },
          { type: 'route.changed', search: '?baseline=1' },
          { type: 'user.swap' },
        );
      }
    }
  }
  if (state.matches({ comparing: 'failed' })) events.push({ type: 'user.retry' });
  if (state.matches('invalid')) events.push({ type: 'route.changed', search: START });
  return possibleEvents(state, events);
}

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case 'xstate.done.actor.fetchComparison':
      return `answers ${event.output.comparison.results.length} rows${event.output.comparison.metrics[0].losses === 0 ? ', none worse' : ''}`;
    case 'xstate.error.actor.fetchComparison':
      return 'refuses';
    case 'route.changed':
      return `address ${event.search}`;
    case 'user.metricChosen':
      return `metric ${event.metric}`;
    case 'user.filterChosen':
      return `show ${event.filter}`;
    case 'user.searched':
      return `search "${event.search}"`;
    case 'user.orderChosen':
      return `order ${event.order}`;
    case 'user.persistenceChosen':
      return `RBO p ${event.p}`;
    default:
      return event.type;
  }
}

async function perform(event: ModelEvent, services: FakeDeps) {
  const select = (name: string, value: string) => fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } });
  switch (event.type) {
    case 'xstate.done.actor.fetchComparison':
      return services.settle('compareRuns', { output: event.output });
    case 'xstate.error.actor.fetchComparison':
      return services.settle('compareRuns', { error: event.error });
    case 'route.changed':
      return services.routeTo(`/compare${event.search}`);
    case 'user.metricChosen':
      return select('Metric', event.metric);
    case 'user.filterChosen':
      return select('Show', event.filter);
    case 'user.orderChosen':
      return select('Order', event.order);
    case 'user.persistenceChosen':
      return select('RBO persistence', String(event.p));
    case 'user.searched':
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search queries' }), { target: { value: event.search } });
      return fireEvent.submit(screen.getByRole('search'));
    case 'user.nextPage':
      return fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    case 'user.previousPage':
      return fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.export':
      return fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    case 'user.swap':
      return fireEvent.click(screen.getByRole('button', { name: 'Swap' }));
  }
}

const cellsOf = (row: HTMLElement) => Array.from(row.children, (cell) => cell.textContent);

function expectComparison(comparison: RunComparison, state: PageSnapshot, services: FakeDeps) {
  const { address } = state.context;
  // Each run by its number in its experiment, its global id in the link.
  const runs = within(screen.getByRole('region', { name: 'Compared runs' }));
  const [baseline, candidate] = [comparison.baseline.id, comparison.candidate.id].map((id) => `${RUN_NAMES[id]} · Run #${runNumber(id)}`);
  expect(runs.getByRole('link', { name: baseline }).getAttribute('href')).toBe(`/experiment-run-results/${comparison.baseline.id}`);
  expect(runs.getByRole('link', { name: candidate }).getAttribute('href')).toBe(`/experiment-run-results/${comparison.candidate.id}`);
  expect(runs.getByText('Baseline').nextElementSibling?.textContent).toBe(baseline);
  expect((runs.getByRole('button', { name: 'Swap' }) as HTMLButtonElement).disabled).toBe(false);
  expect(runs.getByText('Over 130 paired queries')).toBeTruthy();
  expect(runs.getByText('3 queries only in the baseline, left out of the statistics.')).toBeTruthy();

  const summary = within(screen.getByRole('table', { name: 'Summary' })).getAllByRole('row');
  expect(cellsOf(summary[0])).toEqual([
    'Metric',
    'Baseline',
    'Candidate',
    'Delta',
    'Relative',
    '95% CI',
    'p (t-test)',
    'p (randomization)',
    'Wins / Ties / Losses',
    'Verdict',
  ]);
  const ndcg = comparison.metrics[0];
  expect(summary.slice(1).map(cellsOf)).toEqual(summaryRows(`${ndcg.wins} / ${ndcg.ties} / ${ndcg.losses}`));

  const metric = address.metric || 'ndcg@10';
  expect((screen.getByRole('combobox', { name: 'Metric' }) as HTMLSelectElement).value).toBe(metric);
  expect((screen.getByRole('combobox', { name: 'Show' }) as HTMLSelectElement).value).toBe(shownFilter(address));
  expect((screen.getByRole('combobox', { name: 'Order' }) as HTMLSelectElement).value).toBe(address.order);
  expect((screen.getByRole('searchbox', { name: 'Search queries' }) as HTMLInputElement).value).toBe(address.search);
  expect(screen.getByRole('option', { name: `Regressions (${filterCounts(comparison).regressions})` })).toBeTruthy();

  // The rankings' overlap: its means at the comparison's k, what they are over, p as the address says.
  const overlap = within(screen.getByRole('table', { name: 'Ranking overlap' })).getAllByRole('row');
  expect(overlap.map(cellsOf)).toEqual([
    ['Overlap@10', 'Jaccard@10', 'RBO min', 'RBO ext'],
    ['0.820', '0.740', '0.651', '0.830'],
  ]);
  expect(
    screen.getByText(`Over 5 queries both runs ranked (1 of them not scored by both), their top 10; RBO at p = ${comparison.overlap.p}.`),
  ).toBeTruthy();
  expect((screen.getByRole('combobox', { name: 'RBO persistence' }) as HTMLSelectElement).value).toBe(String(address.rboP ?? 0.9));
  expect(screen.getByRole('img', { name: /^Histogram of the rankings' RBO ext: 5 queries/ })).toBeTruthy();

  if (state.hasTag('busy')) {
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('img', { name: /deltas/ })).toBeNull();
    return;
  }
  const label = comparison.metric === 'precision@10' ? 'P@10' : 'nDCG@10';
  expect(screen.getByRole('img', { name: /deltas/ }).getAttribute('aria-label')).toBe(
    `Histogram of the per-query ${label} deltas: 60 changed queries (19 worse, 41 better) in bins of 0.05 from −1 to 1; 70 unchanged, not drawn.`,
  );
  if (comparison.results.length === 0) {
    expect(screen.getByRole('status').textContent).toBe(
      address.search
        ? 'No query matches “sofa” here.'
        : address.filter === 'regressions'
          ? 'No query got worse.'
          : address.filter === 'improvements'
            ? 'No query got better.'
            : address.filter === 'ranked'
              ? 'The runs ranked no query in common.'
              : 'The runs have no query in common.',
    );
    return;
  }
  const filterName = FILTER_LABELS[shownFilter(address)];
  const rows = within(screen.getByRole('table', { name: `${filterName} queries by ${label}` })).getAllByRole('row');
  expect(cellsOf(rows[0])).toEqual([
    'Query',
    `Baseline ${label}`,
    `Candidate ${label}`,
    'Delta',
    'Overlap@10',
    'Jaccard@10',
    'RBO min',
    'RBO ext',
    'Actions',
  ]);
  expect(rows.slice(1).map(cellsOf)).toEqual(
    comparison.results.map((row) => [row.query, '0.5000', '0.2500', '−0.2500', '0.600', '0.429', '0.396', '0.592', 'Side by side']),
  );
  // The ranked rows are listed by how much their rankings changed.
  const orders = Array.from((screen.getByRole('combobox', { name: 'Order' }) as HTMLSelectElement).options, (option) => option.text);
  expect(orders).toEqual(
    address.filter === 'ranked' ? ['Changed most first', 'Most alike first'] : ['Regressions first', 'Improvements first'],
  );
  const first = comparison.results[0];
  expect(screen.getByRole('link', { name: `Side by side: ${first.query}` }).getAttribute('href')).toBe(
    `/compare/pair?baseline_result=${first.baseline_result_id}&candidate_result=${first.candidate_result_id}&metric=${encodeURIComponent(comparison.metric)}`,
  );
  expect(screen.getByText('45 queries')).toBeTruthy();
  expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain(`Page ${address.page} of 3`);
  expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(address.page === 3);
  expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(address.page === 1);
  void services;
}

function expectScreen(state: PageSnapshot, services: FakeDeps) {
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Compare runs');
  const { address, comparison } = state.context;
  if (state.matches('invalid')) {
    expect(screen.getByRole('alert').textContent).toBe(state.context.problem);
    expect(screen.queryByRole('table')).toBeNull();
    return;
  }
  // In step: what the page shows is what the address says, in its one form.
  expect(services.currentPath()).toBe(`/compare${compareSearch(address)}`);
  if (state.hasTag('failed')) {
    expect(screen.getByRole('alert').textContent).toBe('Experiment run 2 not found');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    return;
  }
  expect(screen.queryByRole('alert')).toBeNull();
  if (!comparison) {
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('table')).toBeNull();
    return;
  }
  expectComparison(comparison, state, services);
}

const serializeState = (state: PageSnapshot) =>
  JSON.stringify({
    value: state.value,
    address: compareSearch(state.context.address),
    // Whether rows are shown, not how many: the stale page under a new choice is the same screen.
    rows: state.context.comparison ? state.context.comparison.results.length > 0 : null,
    shownMetric: state.context.comparison?.metric ?? null,
    // The overlap's p answered: a stale one shows while another loads.
    shownP: state.context.comparison?.overlap.p ?? null,
    // The first answer had no regressions: its counts differ from every later answer's.
    noneWorse: state.context.comparison?.metrics[0].losses === 0,
    error: state.context.error !== null,
  });

describe('compare page: every shortest path of its machine', () => {
  replayShortestPaths(comparePageMachine, {
    input: { search: START },
    events: eventsFor,
    serializeState,
    paths: { atLeast: 50 },
    describeEvent,
    name: (path, route) => {
      const at = path.state.matches('invalid') ? 'invalid' : compareSearch(path.state.context.address);
      return `reaches ${JSON.stringify(path.state.value)} at ${at}${route ? ` via ${route}` : ''}`;
    },
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, `/compare${START}`, <ComparePage />);
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state, services) => expectScreen(state, services),
    beforeStep: (_, services) => services.calls('compareRuns'),
    afterStep({ event, state }, services, before) {
      if (state.hasTag('busy') && event.type === 'xstate.done.actor.fetchComparison') {
        // Opened without regressions: asked again at once, for the improvements.
        expect(state.context.address.filter).toBe('improvements');
        expect(services.calls('compareRuns')).toBe(before + 1);
        expect(services.last('compareRuns').args[0]).toEqual(comparisonParams(state.context.address));
      }
      if (state.hasTag('busy') && !isXStateEvent(event)) {
        // Asked once, for exactly the address's comparison and page.
        expect(services.calls('compareRuns')).toBe(before + 1);
        expect(services.last('compareRuns').args).toEqual([
          comparisonParams(state.context.address),
          { page: state.context.address.page, pageSize: PAGE_SIZE },
        ]);
      }
      if (state.matches('invalid')) expect(services.calls('compareRuns')).toBe(before);
    },
  });
});
