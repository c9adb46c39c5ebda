import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { listSearch, pagedListMachine, PAGE_SIZE } from '../../../src/machines/shared/paged-list.machine';
import type { DatasetRow } from '../../../src/domain/evaluations/evaluation-service-types';
import { DatasetsPage } from '../../../src/views/datasets/DatasetsPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: every shortest path of the real paged-list machine, replayed against the Datasets screen.
// Clicks for people's events, settled promises for the service's answers, a changed address for Back.

afterEach(cleanup);

type ListSnapshot = SnapshotFrom<typeof pagedListMachine>;
type ModelEvent =
  EventFromLogic<typeof pagedListMachine> | ActorDone<'fetchPage', { items: DatasetRow[]; total: number }> | ActorError<'fetchPage', Error>;

const dataset = (n: number): DatasetRow => ({
  id: n,
  name: `Dataset ${n}`,
  description: `About dataset ${n}`,
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
  entry_count: 1000 + n,
});
const pageOf = (count: number) => Array.from({ length: count }, (_, i) => dataset(i + 1));

const answers = {
  full: { type: 'xstate.done.actor.fetchPage', output: { items: pageOf(PAGE_SIZE), total: 45 } },
  partial: { type: 'xstate.done.actor.fetchPage', output: { items: pageOf(5), total: 45 } },
  none: { type: 'xstate.done.actor.fetchPage', output: { items: [], total: 45 } },
  failure: { type: 'xstate.error.actor.fetchPage', error: new Error('The server answered 500 Internal Server Error') },
} satisfies Record<string, ModelEvent>;

const LAST_PAGE = 3; // keeps the graph finite: no full page beyond it

function eventsFor(state: ListSnapshot): ModelEvent[] {
  const candidates: ModelEvent[] = [
    { type: 'user.nextPage' },
    { type: 'user.previousPage' },
    { type: 'user.retry' },
    { type: 'route.pageChanged', page: 1 },
    { type: 'route.pageChanged', page: LAST_PAGE },
    { type: 'user.filterChanged', name: 'search', value: 'sofa' },
  ];
  if (state.matches('loaded')) candidates.push({ type: 'reload' });
  if (state.matches('loading')) {
    candidates.push(answers.partial, answers.none, answers.failure);
    if (state.context.page < LAST_PAGE) candidates.push(answers.full);
  }
  return possibleEvents(state, candidates);
}

function describeEvent(event: ModelEvent): string {
  if (event.type === 'xstate.done.actor.fetchPage') return `fetchPage answers ${event.output.items.length} rows`;
  if (event.type === 'xstate.error.actor.fetchPage') return 'fetchPage fails';
  if (event.type === 'route.pageChanged') return `address goes to page ${event.page}`;
  if (event.type === 'user.filterChanged') return `search for "${event.value}"`;
  return event.type;
}

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'xstate.done.actor.fetchPage':
      return services.settle('listDatasets', { output: event.output });
    case 'xstate.error.actor.fetchPage':
      return services.settle('listDatasets', { error: event.error });
    case 'user.nextPage':
      return fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    case 'user.previousPage':
      return fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.filterChanged':
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search datasets' }), { target: { value: event.value } });
      return fireEvent.submit(screen.getByRole('search'));
    case 'route.pageChanged':
      return services.routeTo(`/datasets?page=${event.page}`);
    case 'reload': {
      fireEvent.click(screen.getByRole('button', { name: 'Delete Dataset 1' }));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
      return services.settle('deleteDataset', { output: undefined });
    }
  }
}

function expectScreen(state: ListSnapshot) {
  const { page, items, error, total } = state.context;
  const status = screen.queryByRole('status');
  const searchBox = screen.getByRole('searchbox', { name: 'Search datasets' }) as HTMLInputElement;
  expect(searchBox.value).toBe(state.context.filter.search ?? '');
  if (state.matches('loading')) {
    expect(status?.textContent).toBe('Loading...');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    return;
  }
  if (state.matches('failed')) {
    expect(screen.getByRole('alert').textContent).toBe(`Failed to fetch datasets. ${error}`);
    expect(screen.queryByRole('table')).toBeNull();
  } else if (state.matches('empty')) {
    const emptyText = page === 1 ? 'No datasets yet.' : 'No datasets on this page.';
    expect(status?.textContent).toBe(state.context.filter.search ? 'No datasets match the search.' : emptyText);
  } else {
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(items.length);
    expect(within(rows[0]).getByRole('link', { name: 'Dataset 1' }).getAttribute('href')).toBe('/datasets/1/edit');
    expect(within(rows[0]).getByText('Nov 22, 2026, 3:04 PM')).toBeTruthy();
    expect(within(rows[0]).getByRole('cell', { name: '1001' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Description',
      'Entries',
      'Created At',
      'Actions',
    ]);
  }
  // The server's total above the table once a page came back, and how many pages it makes (kept after a failure).
  expect(screen.queryByText('45 datasets') !== null).toBe(total !== null && !state.matches('failed'));
  expect(screen.getByText(total === null ? `Page ${page}` : `Page ${page} of ${Math.ceil(total / PAGE_SIZE)}`)).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(page === 1);
  const fullPage = state.matches('loaded') && items.length === PAGE_SIZE;
  expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(!fullPage);
  expect(screen.queryByRole('dialog')).toBeNull();
}

const serializeState = (state: ListSnapshot, event: ModelEvent | undefined, previous?: ListSnapshot) =>
  JSON.stringify({
    value: state.value,
    page: state.context.page,
    filter: state.context.filter,
    rows: state.context.items.length,
    // Whether a total came back: a failure before any page shows no page count, one after a page does.
    counted: state.context.total !== null,
    from: previous?.value,
    by: event && describeEvent(event),
  });

describe.each([1, LAST_PAGE])('Datasets list opened at page %i', (startPage) => {
  replayShortestPaths(pagedListMachine, {
    input: { page: startPage },
    events: eventsFor,
    serializeState,
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 78 },
    describeEvent,
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)} on page ${path.state.context.page}${route ? ` via ${route}` : ''}`,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, `/datasets?page=${startPage}`, <DatasetsPage />);
      expect(services.last('listDatasets').input).toEqual({ page: startPage, pageSize: PAGE_SIZE });
      return { services, fetches: services.calls('listDatasets'), expectedPath: `/datasets?page=${startPage}` };
    },
    perform: (event, { services }) => perform(event, services),
    afterPerform({ event, state }, list) {
      const { services } = list;
      if (['user.nextPage', 'user.previousPage', 'route.pageChanged', 'user.filterChanged'].includes(event.type)) {
        list.expectedPath = `/datasets${listSearch(state.context.page, state.context.filter)}`;
      }
      if (state.matches('loading')) {
        // Every way into loading asks the server for the page the machine is on, once.
        expect(services.calls('listDatasets')).toBe(list.fetches + 1);
        expect(services.last('listDatasets').input).toEqual({
          page: state.context.page,
          pageSize: PAGE_SIZE,
          search: state.context.filter.search,
        });
        list.fetches += 1;
      }
    },
    expectScreen: (state) => expectScreen(state),
    afterStep: (_, { services, expectedPath }) => expect(services.currentPath()).toBe(expectedPath),
  });
});
