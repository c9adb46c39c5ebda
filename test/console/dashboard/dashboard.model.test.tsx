import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SnapshotFrom } from 'xstate';
import { dashboardMachine, type DashboardCounts } from '../../../src/machines/dashboard/dashboard.machine';
import type { ActivityMonth } from '../../../src/domain/dashboard/monthly-activity';
import { DashboardPage } from '../../../src/views/dashboard/DashboardPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// The charts' module (d3) is imported when first drawn: beside a full run its first import takes seconds, not one.
const CHARTS_LOADED = { timeout: 10_000 };

// Model-based: the dashboard's two loads (the counts, the months' activity), every step of each, replayed on the
// Dashboard at /.

afterEach(cleanup);

// Loaded once before the paths, so each path's charts show as soon as their data is there.
beforeAll(() => import('../../../src/views/dashboard/DashboardCharts'), 20_000);

type Snapshot = SnapshotFrom<typeof dashboardMachine>;
type ModelEvent =
  | { type: 'user.retry' }
  | { type: 'user.retryActivity' }
  | ActorDone<'fetchCounts', DashboardCounts>
  | ActorError<'fetchCounts', Error>
  | ActorDone<'fetchActivity', ActivityMonth[]>
  | ActorError<'fetchActivity', Error>;

const counts: DashboardCounts = { datasets: 6, datasetEntries: 1_234_567, goldenSets: 1_203, evaluations: 9, experiments: 14 };
const month = (at: string, datasets: number, evaluations: number, golden_sets: number, experiments: number): ActivityMonth => ({
  month: at,
  datasets,
  evaluations,
  golden_sets,
  experiments,
});
const activity: ActivityMonth[] = [
  month('2026-06', 0, 0, 0, 0),
  month('2026-07', 2, 1, 0, 3),
  month('2026-08', 1, 4, 2, 2),
  month('2026-09', 0, 0, 1, 0),
  month('2026-10', 3, 2, 0, 5),
  month('2026-11', 1, 2, 1, 4),
];
const countsFailure = new Error('The server could not be reached. Please try again.');
const activityFailure = new Error('The server answered 500');

async function perform(event: ModelEvent, services: FakeDeps) {
  const alertWith = (text: string) => screen.getAllByRole('alert').find((alert) => alert.textContent!.startsWith(text))!.parentElement!;
  switch (event.type) {
    case 'user.retry':
      return fireEvent.click(within(alertWith('Failed to fetch the dashboard counts.')).getByRole('button', { name: 'Try again' }));
    case 'user.retryActivity':
      return fireEvent.click(within(alertWith('Failed to fetch the monthly activity.')).getByRole('button', { name: 'Try again' }));
    case 'xstate.done.actor.fetchCounts':
      return services.settle('countAll', { output: event.output });
    case 'xstate.error.actor.fetchCounts':
      return services.settle('countAll', { error: event.error });
    case 'xstate.done.actor.fetchActivity':
      return services.settle('monthlyActivity', { output: event.output });
    case 'xstate.error.actor.fetchActivity':
      return services.settle('monthlyActivity', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  const loading = state.matches({ counts: 'loading' }) || state.matches({ activity: 'loading' });
  expect(screen.queryByText('Loading dashboard...') !== null).toBe(loading);
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  expect(alerts).toEqual([
    ...(state.matches({ counts: 'failed' }) ? [`Failed to fetch the dashboard counts. ${countsFailure.message}`] : []),
    ...(state.matches({ activity: 'failed' }) ? [`Failed to fetch the monthly activity. ${activityFailure.message}`] : []),
  ]);
  if (state.matches({ counts: 'ready' })) {
    const cards = within(screen.getByRole('list', { name: 'Counts' })).getAllByRole('link');
    expect(cards.map((card) => [card.textContent, card.getAttribute('href')])).toEqual([
      ['Datasets6', '/datasets'],
      ['Dataset Entries1,234,567', '/dataset-entries'],
      ['Golden Sets1,203', '/golden-sets'],
      ['Evaluations9', '/evaluations'],
    ]);
  } else {
    expect(screen.queryByRole('list', { name: 'Counts' })).toBeNull();
  }
  // Each chart once its own data is there: the bars need the activity, the pie the counts.
  expect(screen.queryByRole('img', { name: 'Monthly Activity' }) !== null).toBe(state.matches({ activity: 'ready' }));
  expect(screen.queryByRole('img', { name: 'Dataset Distribution' }) !== null).toBe(state.matches({ counts: 'ready' }));
}

describe('dashboard load paths', () => {
  replayShortestPaths(dashboardMachine, {
    events: (state): ModelEvent[] => [
      ...(state.matches({ counts: 'loading' })
        ? ([
            { type: 'xstate.done.actor.fetchCounts', output: counts },
            { type: 'xstate.error.actor.fetchCounts', error: countsFailure },
          ] as const)
        : []),
      ...(state.matches({ activity: 'loading' })
        ? ([
            { type: 'xstate.done.actor.fetchActivity', output: activity },
            { type: 'xstate.error.actor.fetchActivity', error: activityFailure },
          ] as const)
        : []),
      ...(state.matches({ counts: 'failed' }) ? ([{ type: 'user.retry' }] as const) : []),
      ...(state.matches({ activity: 'failed' }) ? ([{ type: 'user.retryActivity' }] as const) : []),
    ],
    // Each way into a state is its own: a retry leads back to loading, which would otherwise be reached already.
    serializeState: (state, event, previous) => JSON.stringify({ value: state.value, from: previous?.value, by: event?.type }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 19 },
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)} via ${route || 'nothing'}`,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/', <DashboardPage />);
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
  });
});

describe('the dashboard’s charts', () => {
  async function loaded() {
    const services = fakeDeps();
    renderWithLogic(services, '/', <DashboardPage />);
    await services.settle('countAll', { output: counts });
    await services.settle('monthlyActivity', { output: activity });
    const bars = await screen.findByRole('img', { name: 'Monthly Activity' }, CHARTS_LOADED);
    return { services, bars, pie: screen.getByRole('img', { name: 'Dataset Distribution' }) };
  }

  it('asks the server for the last six months', async () => {
    const { services } = await loaded();
    expect(services.last('monthlyActivity').args).toEqual([6]);
  });

  it('draws the server’s months and counts, with titles, legends and a text alternative', async () => {
    const { bars, pie } = await loaded();
    expect(bars.querySelectorAll('rect')).toHaveLength(24); // four series over six months
    expect([...bars.querySelectorAll('.tick text')].slice(0, 6).map((tick) => tick.textContent)).toEqual([
      'Jun 2026',
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
    ]);
    expect(pie.querySelectorAll('path')).toHaveLength(5);
    const legends = screen.getAllByRole('list', { name: 'Legend' }).map((legend) =>
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    );
    expect(legends).toEqual([
      ['Datasets', 'Evaluations', 'Golden Sets', 'Experiments'],
      ['Datasets: 6', 'Dataset Entries: 1,234,567', 'Golden Sets: 1,203', 'Evaluations: 9', 'Experiments: 14'],
    ]);
    const table = screen.getByRole('table');
    expect(table.querySelector('caption')?.textContent).toBe('Monthly Activity, Jun 2026 to Nov 2026');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows[0]).toEqual(['Month', 'Datasets', 'Evaluations', 'Golden Sets', 'Experiments']);
    const labels = ['Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026'];
    expect(rows.slice(1)).toEqual(
      activity.map((row, index) => [labels[index], ...[row.datasets, row.evaluations, row.golden_sets, row.experiments].map(String)]),
    );
  });

  it('says nothing of sample data: every number is the server’s', async () => {
    await loaded();
    expect(screen.queryByText(/sample/i)).toBeNull();
  });

  it('gives each series one colour in both charts', async () => {
    const { bars, pie } = await loaded();
    // July's four bars, in series order; the pie's slices in the legend's order.
    const barFill = [...bars.querySelectorAll('rect')].slice(4, 8).map((rect) => rect.getAttribute('fill'));
    const sliceFill = [...pie.querySelectorAll('path')].map((path) => path.getAttribute('fill'));
    const bySlice = { Datasets: 0, Evaluations: 3, GoldenSets: 2, Experiments: 4 };
    expect(barFill).toEqual(Object.values(bySlice).map((index) => sliceFill[index]));
    expect(new Set(sliceFill).size).toBe(5);
    const [barLegend, pieLegend] = screen.getAllByRole('list', { name: 'Legend' });
    const swatchOf = (legend: HTMLElement, series: string) => legend.querySelector(`[data-series="${series}"] span`)!.className;
    for (const series of ['datasets', 'evaluations', 'goldenSets', 'experiments']) {
      expect(swatchOf(barLegend, series)).toBe(swatchOf(pieLegend, series));
    }
  });

  it('draws each bar to the month’s number', async () => {
    const { bars } = await loaded();
    const heights = [...bars.querySelectorAll('rect')].map((rect) => Number(rect.getAttribute('height')));
    // August: 1 dataset, 4 evaluations, 2 golden sets, 2 experiments.
    const [datasets, evaluations, goldenSets, experiments] = heights.slice(8, 12);
    expect(evaluations).toBeCloseTo(4 * datasets);
    expect(goldenSets).toBeCloseTo(2 * datasets);
    expect(experiments).toBeCloseTo(goldenSets);
    expect(heights.slice(0, 4)).toEqual([0, 0, 0, 0]);
  });
});
