import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SnapshotFrom } from 'xstate';
import { placeholderCounts } from '../../../src/fixtures/dashboard';
import { dashboardMachine } from '../../../src/machines/dashboard/dashboard.machine';
import { DashboardPage } from '../../../src/views/dashboard/DashboardPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// The charts' module (d3) is imported when first drawn: beside a full run its first import takes seconds, not one.
const CHARTS_LOADED = { timeout: 10_000 };

// Model-based: the dashboard load's simple paths replayed on the Dashboard at /.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof dashboardMachine>;
type ModelEvent =
  | { type: 'user.retry' }
  | ActorDone<'fetchCounts', { datasets: number; datasetEntries: number; goldenSets: number; experiments: number }>
  | ActorError<'fetchCounts', Error>;

const counts = { datasets: 6, datasetEntries: 1_234_567, goldenSets: 1_203, experiments: 14 };
const failure = new Error('The server could not be reached. Please try again.');

async function perform(event: ModelEvent, services: FakeDeps) {
  if (event.type === 'user.retry') fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  else if (event.type === 'xstate.done.actor.fetchCounts') await services.settle('countAll', { output: event.output });
  else await services.settle('countAll', { error: event.error });
}

function expectScreen(state: Snapshot) {
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  const loading = screen.queryByText('Loading dashboard...');
  expect(loading !== null).toBe(state.matches('loading'));
  if (state.matches('failed')) {
    expect(screen.getByRole('alert').textContent).toBe(`Failed to fetch the dashboard counts. ${failure.message}`);
  }
  if (state.matches('ready')) {
    const cards = within(screen.getByRole('list', { name: 'Counts' })).getAllByRole('link');
    expect(cards.map((card) => [card.textContent, card.getAttribute('href')])).toEqual([
      ['Datasets6', '/datasets'],
      ['Dataset Entries1,234,567', '/dataset-entries'],
      ['Golden Sets1,203', '/golden-sets'],
      [`Evaluations${placeholderCounts.evaluations}`, '/evaluations'],
    ]);
  } else {
    expect(screen.queryByRole('list', { name: 'Counts' })).toBeNull();
  }
}

describe('dashboard load paths', () => {
  replayShortestPaths(dashboardMachine, {
    simplePaths: true,
    input: { placeholders: placeholderCounts },
    events: (state): ModelEvent[] =>
      state.matches('loading')
        ? [
            { type: 'xstate.done.actor.fetchCounts', output: counts },
            { type: 'xstate.error.actor.fetchCounts', error: failure },
          ]
        : state.matches('failed')
          ? [{ type: 'user.retry' }]
          : [],
    serializeState: (state, event, previous) => JSON.stringify({ value: state.value, from: previous?.value, by: event?.type }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 5 },
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/', <DashboardPage />);
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
  });

  it('draws both charts, lazily, with titles, legends and a text alternative', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/', <DashboardPage />);
    await services.settle('countAll', { output: counts });
    const bars = await screen.findByRole('img', { name: 'Monthly Activity' }, CHARTS_LOADED);
    expect(bars.querySelectorAll('rect')).toHaveLength(16); // four series over four months
    const pie = screen.getByRole('img', { name: 'Dataset Distribution' });
    expect(pie.querySelectorAll('path')).toHaveLength(5);
    const legends = screen.getAllByRole('list', { name: 'Legend' }).map((legend) =>
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    );
    expect(legends).toEqual([
      ['Datasets', 'Evaluations', 'GoldenSets', 'Experiments'],
      ['Datasets: 6', 'Dataset Entries: 1,234,567', 'Golden Sets: 1,203', 'Evaluations (sample): 8', 'Experiments: 14'],
    ]);
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('Monthly Activity, January to April (sample data)');
    expect(screen.getAllByRole('row')).toHaveLength(5);
  });

  it('labels the spec’s fixed numbers as sample data', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/', <DashboardPage />);
    await services.settle('countAll', { output: counts });
    await screen.findByRole('img', { name: 'Monthly Activity' }, CHARTS_LOADED);
    expect(screen.getByText('Sample data: fixed numbers, not this console’s activity.')).toBeTruthy();
    const evaluationsCard = screen.getByRole('link', { name: /^Evaluations/ }).closest('li')!;
    expect(evaluationsCard.textContent).toBe('Evaluations8Sample data');
    const others = within(screen.getByRole('list', { name: 'Counts' }))
      .getAllByRole('listitem')
      .filter((item) => item !== evaluationsCard);
    expect(others.every((item) => !item.textContent!.includes('Sample'))).toBe(true);
  });

  it('gives each series one colour in both charts', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/', <DashboardPage />);
    await services.settle('countAll', { output: counts });
    const bars = await screen.findByRole('img', { name: 'Monthly Activity' }, CHARTS_LOADED);
    const pie = screen.getByRole('img', { name: 'Dataset Distribution' });
    // January's four bars, in series order; the pie's slices in the legend's order.
    const barFill = [...bars.querySelectorAll('rect')].slice(0, 4).map((rect) => rect.getAttribute('fill'));
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
});
