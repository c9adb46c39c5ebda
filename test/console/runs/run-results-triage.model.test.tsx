import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { listSearch, pagedListMachine, PAGE_SIZE } from '../../../src/machines/shared/paged-list.machine';
import type { ExperimentRunDetails, ExperimentRunResult } from '../../../src/domain/experiments/evaluation-backend-types';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { isXStateEvent, possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the run results' triage — statuses, a search of the input, a sort — is the run's
// paged list with a filter. Every shortest path of that machine over the triage's filters, replayed on the
// results screen: each filter set through its control, each answer settled; the address and the call
// follow the machine at every step.

afterEach(cleanup);

type ListSnapshot = SnapshotFrom<typeof pagedListMachine>;
type ModelEvent =
  | EventFromLogic<typeof pagedListMachine>
  | ActorDone<'fetchPage', { items: ExperimentRunResult[]; total: number }>
  | ActorError<'fetchPage', Error>;

const result = (n: number, status: string): ExperimentRunResult => ({
  id: n,
  entry_id: n,
  experiment_configuration: { k: 10 },
  created_at: '2026-11-22T15:04:00Z',
  result: { input: `query ${n}`, status, test_result: 'nDCG@10 0.300' },
});
const rowsOf = (count: number, status: string) => Array.from({ length: count }, (_, i) => result(i + 1, status));

const run: ExperimentRunDetails = {
  id: 12,
  experiment_id: 4,
  evaluation_script_name: 'Golden set relevance',
  tags: [],
  status: 'success',
  total_cost: 0,
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
  summary: { results: 25, passed: 5, failed: 20, errors: 0, mean_metrics: { 'ndcg@10': 0.3, 'precision@10': 0.1 } },
};

/** The filter changes a person makes on the screen, each through its own control. */
const FILTERS: Array<{ name: string; value: string }> = [
  { name: 'status', value: 'FAIL' },
  { name: 'status', value: '' },
  { name: 'sort', value: 'ndcg@10' },
  { name: 'sort', value: '' },
  { name: 'search', value: 'sofa' },
];

function eventsFor(state: ListSnapshot): ModelEvent[] {
  const status = state.context.filter.status ?? 'PASS';
  const candidates: ModelEvent[] = [
    { type: 'user.nextPage' },
    { type: 'user.previousPage' },
    { type: 'user.retry' },
    ...FILTERS.map(({ name, value }) => ({ type: 'user.filterChanged' as const, name, value })),
  ];
  if (state.matches('loading')) {
    candidates.push(
      { type: 'xstate.done.actor.fetchPage', output: { items: rowsOf(5, status), total: 25 } },
      { type: 'xstate.done.actor.fetchPage', output: { items: [], total: 0 } },
      { type: 'xstate.error.actor.fetchPage', error: new Error('The server answered 500 Internal Server Error') },
    );
    if (state.context.page === 1)
      candidates.push({ type: 'xstate.done.actor.fetchPage', output: { items: rowsOf(PAGE_SIZE, status), total: 25 } });
  }
  return possibleEvents(state, candidates);
}

function describeEvent(event: ModelEvent): string {
  if (event.type === 'xstate.done.actor.fetchPage') return `answers ${event.output.items.length} rows`;
  if (event.type === 'xstate.error.actor.fetchPage') return 'fails';
  if (event.type === 'user.filterChanged') return `${event.name}=${JSON.stringify(event.value)}`;
  return event.type;
}

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'xstate.done.actor.fetchPage':
      return services.settle('runResultRows', { output: event.output });
    case 'xstate.error.actor.fetchPage':
      return services.settle('runResultRows', { error: event.error });
    case 'user.nextPage':
      return fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    case 'user.previousPage':
      return fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.filterChanged':
      if (event.name === 'status') return fireEvent.click(screen.getByRole('checkbox', { name: 'FAIL' }));
      if (event.name === 'sort')
        return fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: event.value } });
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search inputs' }), { target: { value: event.value } });
      return fireEvent.submit(screen.getByRole('search'));
  }
}

function expectScreen(state: ListSnapshot) {
  const { filter, items, page } = state.context;
  expect((screen.getByRole('checkbox', { name: 'FAIL' }) as HTMLInputElement).checked).toBe(filter.status === 'FAIL');
  expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe(filter.sort ?? '');
  expect((screen.getByRole('searchbox', { name: 'Search inputs' }) as HTMLInputElement).value).toBe(filter.search ?? '');
  const filtered = Object.keys(filter).length > 0;
  if (state.matches('loading')) return expect(screen.getByRole('status').textContent).toBe('Loading...');
  if (state.matches('failed')) return expect(screen.getByRole('alert').textContent).toBe('Failed to fetch experiment run results.');
  if (state.matches('empty')) {
    const unfiltered = page === 1 ? 'No results data available for this experiment run.' : 'No experiment run results found.';
    return expect(screen.getByRole('status').textContent).toBe(filtered ? 'No results match these filters.' : unfiltered);
  }
  const rows = within(screen.getByRole('table', { name: 'Results of run 12' }))
    .getAllByRole('row')
    .slice(1);
  expect(rows).toHaveLength(items.length);
  expect(screen.getByText(`${state.context.total} results`)).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(!state.can({ type: 'user.nextPage' }));
}

const serializeState = (state: ListSnapshot) =>
  JSON.stringify({ value: state.value, page: state.context.page, filter: state.context.filter, rows: state.context.items.length });

describe('run results triage: paged-list paths over its filters', () => {
  replayShortestPaths(pagedListMachine, {
    input: { page: 1, ownerId: 12, filter: {} },
    events: eventsFor,
    serializeState,
    paths: { atLeast: 100 },
    describeEvent,
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)} on page ${path.state.context.page}${route ? ` via ${route}` : ''}`,
    async setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id={12} />);
      // The run's means name the metrics the sort offers.
      await services.settle('findRun', { output: run });
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => services.calls('runResultRows'),
    afterStep({ event, state }, services, before) {
      if (state.matches('loading') && !isXStateEvent(event)) {
        // Asked once, for the machine's page and exactly its filter; the address holds both.
        expect(services.calls('runResultRows')).toBe(before + 1);
        const filter = state.context.filter;
        expect(services.last('runResultRows').args).toEqual(
          Object.keys(filter).length > 0
            ? [12, { page: state.context.page, pageSize: PAGE_SIZE }, filter]
            : [12, { page: state.context.page, pageSize: PAGE_SIZE }],
        );
        // Try again asks for the same address; the others write theirs.
        if (event.type !== 'user.retry')
          expect(services.currentPath()).toBe(`/experiment-run-results/12${listSearch(state.context.page, filter)}`);
      }
    },
  });
});
