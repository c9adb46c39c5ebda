import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { goldenSetPageMachine } from '../../../src/machines/golden-sets/golden-set-page.machine';
import { DEFAULT_SCALE } from '../../../src/domain/golden-sets/grade-scale';
import { withOpenQuery } from '../../../src/domain/golden-sets/golden-set-address';
import type { GoldenSet } from '../../../src/domain/experiments/evaluation-backend-types';
import { GoldenSetPage } from '../../../src/views/golden-sets/GoldenSetPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths } from '../helpers/replay-shortest-paths';

// Model-based: the golden set page's query opened — from the list, closed, or changed by the
// address (Back, Forward, a shared link). Every simple path of the page machine over those events,
// replayed on the page: the judgements shown are the opened query's, fetched once per opening, and the
// address holds the query beside the list's search.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof goldenSetPageMachine>;
type ModelEvent = EventFromLogic<typeof goldenSetPageMachine>;

const QUERIES = ['red sofa', 'blue chair'];
const goldenSet: GoldenSet = {
  id: 4,
  name: 'Sofas DE',
  description: '',
  market: 'DE',
  query_count: 2,
  judgement_count: 0,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
  scale: DEFAULT_SCALE,
  grade_counts: {},
  version: 0,
  changed_at: null,
};

function eventsFor(state: Snapshot): ModelEvent[] {
  const candidates: ModelEvent[] = [
    ...QUERIES.map((query) => ({ type: 'user.openQuery' as const, query })),
    { type: 'user.closeQuery' },
    ...[...QUERIES, null].map((query) => ({ type: 'route.changed' as const, query })),
  ];
  return candidates.filter((event) => state.can(event));
}

const describeEvent = (event: ModelEvent) =>
  event.type === 'user.openQuery'
    ? `open ${event.query}`
    : event.type === 'route.changed'
      ? `address ${event.query ?? 'none'}`
      : event.type;

function perform(event: ModelEvent, services: FakeDeps) {
  if (event.type === 'user.openQuery') return fireEvent.click(screen.getByRole('button', { name: event.query }));
  if (event.type === 'user.closeQuery') return fireEvent.click(screen.getByRole('button', { name: 'Close query' }));
  if (event.type === 'route.changed') return services.routeTo(`/golden-sets/4${withOpenQuery('?search=e', event.query)}`);
}

function expectScreen(state: Snapshot, services: FakeDeps) {
  const open = state.context.openQuery;
  const panels = screen.queryAllByRole('region', { name: /^Judgements of/ });
  if (open === null) return expect(panels).toHaveLength(0);
  expect(panels.map((panel) => panel.getAttribute('aria-label'))).toEqual([`Judgements of “${open}”`]);
  expect(services.last('judgementsOf').args).toEqual([4, open]);
  expect(screen.getByRole('button', { name: open }).getAttribute('aria-current')).toBe('true');
}

describe('golden set page: the query opened', () => {
  replayShortestPaths(goldenSetPageMachine, {
    simplePaths: true,
    input: { goldenSetId: 4, page: 1, filter: { search: 'e' }, query: null },
    events: eventsFor,
    serializeState: (state) => JSON.stringify({ value: state.value, open: state.context.openQuery }),
    paths: { atLeast: 10, name: 'yields every simple path between the queries opened and none' },
    describeEvent,
    name: (path, route) => `reaches ${JSON.stringify(path.state.context.openQuery)}${route ? ` via ${route}` : ''}`,
    async setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/golden-sets/4?search=e', <GoldenSetPage id={4} />);
      await services.settle('findGoldenSet', { output: goldenSet });
      await services.settle('queryRows', {
        output: { items: QUERIES.map((query) => ({ query, judgements: 0, by_grade: {} })), total: QUERIES.length },
      });
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state, services) => expectScreen(state, services),
    beforeStep: (_, services) => services.calls('judgementsOf'),
    afterStep({ event, state }, services, fetches) {
      // One fetch per query opened; none on closing.
      expect(services.calls('judgementsOf')).toBe(fetches + (state.context.openQuery === null ? 0 : 1));
      // The page wrote the address itself; the list's search stayed.
      if (event.type !== 'route.changed')
        expect(services.currentPath()).toBe(`/golden-sets/4${withOpenQuery('?search=e', state.context.openQuery)}`);
    },
  });

  it('says so when the address names no golden set, or the server has none', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/golden-sets/0', <GoldenSetPage id={null} />);
    expect(screen.getByRole('alert').textContent).toBe('Invalid golden set ID');
    cleanup();
    const missing = fakeDeps();
    renderWithLogic(missing, '/golden-sets/9', <GoldenSetPage id={9} />);
    await missing.settle('findGoldenSet', { output: null });
    expect(screen.getByRole('alert').textContent).toBe('Golden set not found');
  });
});
