import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { pagedListMachine, PAGE_SIZE } from '../../src/machines/paged-list.machine';
import type { Dataset } from '../../src/domain/evaluation-service-types';
import { DatasetsPage } from '../../src/views/DatasetsPage';
import { fakeDeps, type FakeDeps } from './helpers/fake-deps';
import { renderWithLogic } from './helpers/render-console';

// Model-based: every shortest path of the real paged-list machine, replayed against the Datasets screen.
// Clicks for people's events, settled promises for the service's answers, a changed address for Back.

afterEach(cleanup);

type ListSnapshot = SnapshotFrom<typeof pagedListMachine>;
type ModelEvent =
  | EventFromLogic<typeof pagedListMachine>
  | { type: 'xstate.done.actor.fetchPage'; output: { items: Dataset[]; total: number } }
  | { type: 'xstate.error.actor.fetchPage'; error: Error };

const dataset = (n: number): Dataset => ({
  id: n,
  name: `Dataset ${n}`,
  description: `About dataset ${n}`,
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
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
  ];
  if (state.matches('loaded')) candidates.push({ type: 'reload' });
  if (state.matches('loading')) {
    candidates.push(answers.partial, answers.none, answers.failure);
    if (state.context.page < LAST_PAGE) candidates.push(answers.full);
  }
  return candidates.filter((event) => event.type.startsWith('xstate.') || state.can(event as EventFromLogic<typeof pagedListMachine>));
}

function describeEvent(event: ModelEvent): string {
  if (event.type === 'xstate.done.actor.fetchPage') return `fetchPage answers ${event.output.items.length} rows`;
  if (event.type === 'xstate.error.actor.fetchPage') return 'fetchPage fails';
  if (event.type === 'route.pageChanged') return `address goes to page ${event.page}`;
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
  const { page, items, error } = state.context;
  const status = screen.queryByRole('status');
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
    expect(status?.textContent).toBe(page === 1 ? 'No datasets yet.' : 'No datasets on this page.');
  } else {
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(items.length);
    expect(within(rows[0]).getByRole('link', { name: 'Dataset 1' }).getAttribute('href')).toBe('/datasets/1/edit');
    expect(within(rows[0]).getByText('Nov 22, 2026, 3:04 PM')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Description', 'Created At', 'Actions']);
  }
  expect(screen.getByText(`Page ${page}`)).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(page === 1);
  const fullPage = state.matches('loaded') && items.length === PAGE_SIZE;
  expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(!fullPage);
  expect(screen.queryByRole('dialog')).toBeNull();
}

const serializeState = (state: ListSnapshot, event: ModelEvent | undefined, previous?: ListSnapshot) =>
  JSON.stringify({
    value: state.value,
    page: state.context.page,
    rows: state.context.items.length,
    from: previous?.value,
    by: event && describeEvent(event),
  });

describe.each([1, LAST_PAGE])('Datasets list opened at page %i', (startPage) => {
  const paths = getShortestPaths(pagedListMachine, {
    input: { page: startPage },
    events: eventsFor as never,
    serializeState: serializeState as never,
  });

  // A broken generator fails loudly: at least as many paths as the graph yields today.
  it('yields at least 43 paths', () => expect(paths.length).toBeGreaterThanOrEqual(43));

  for (const path of paths) {
    const steps = path.steps.slice(1);
    const route = steps.map(({ event }) => describeEvent(event as ModelEvent)).join(' → ');
    it(`reaches ${JSON.stringify(path.state.value)} on page ${path.state.context.page}${route ? ` via ${route}` : ''}`, async () => {
      const services = fakeDeps();
      renderWithLogic(services, `/datasets?page=${startPage}`, <DatasetsPage />);
      expect(services.last('listDatasets').input).toEqual({ page: startPage, pageSize: PAGE_SIZE });
      expectScreen(path.steps[0].state as ListSnapshot);
      let fetches = services.calls('listDatasets');
      let expectedPath = `/datasets?page=${startPage}`;

      for (const step of steps) {
        const event = step.event as ModelEvent;
        const state = step.state as ListSnapshot;
        await perform(event, services);
        if (event.type === 'user.nextPage' || event.type === 'user.previousPage' || event.type === 'route.pageChanged') {
          expectedPath = `/datasets?page=${state.context.page}`;
        }
        if (state.matches('loading')) {
          // Every way into loading asks the server for the page the machine is on, once.
          expect(services.calls('listDatasets')).toBe(fetches + 1);
          expect(services.last('listDatasets').input).toEqual({ page: state.context.page, pageSize: PAGE_SIZE });
          fetches += 1;
        }
        await waitFor(() => expectScreen(state));
        expect(services.currentPath()).toBe(expectedPath);
      }
    });
  }
});
