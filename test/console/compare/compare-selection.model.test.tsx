import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { compareSelectionMachine } from '../../../src/machines/compare/compare-selection.machine';
import type { ListedRun } from '../../../src/domain/experiments/workbench-types';
import { runDifferences } from '../../../src/domain/runs/run-differences';
import { ExperimentRunsPage } from '../../../src/views/runs/ExperimentRunsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths } from '../helpers/replay-shortest-paths';

// Model-based: choosing two runs to compare on /experiment-runs/{id}. Each finished run has a
// checkbox, two at most are checked, and Compare goes to the comparison with the older run as the baseline;
// Show differences lists what differs between the two checked runs' configurations.
// Every shortest path of the real machine, replayed on the runs page.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof compareSelectionMachine>;
type ModelEvent = EventFromLogic<typeof compareSelectionMachine>;

const http = (url: string) => ({
  search_target: { kind: 'http', method: 'GET', url, hits: '/hits', product_id: '/id' },
  golden_set_id: 4,
  k: 10,
});
const CONFIGS: Record<number, Record<string, unknown>> = {
  12: { search_target: { kind: 'builtin' }, golden_set_id: 4, k: 5 },
  13: http('https://es.example.com/products/_search?q={query}&boost=2'),
  14: http('https://es.example.com/products/_search?q={query}'),
  15: http('https://es.example.com/products/_search?q={query}'),
};

const run = (id: number, status: string, day: number, number: number): ListedRun => ({
  id,
  number,
  evaluation_script_name: 'Golden set relevance',
  tags: id === 13 ? ['boost'] : [],
  config: CONFIGS[id],
  status,
  total_cost: 0,
  created_at: `2026-11-${day}T10:00:00Z`,
  updated_at: `2026-11-${day}T10:30:00Z`,
});
// Newest first, as the server lists them. Run 13 was made after run 14 (ids do not decide which is older): it
// is the experiment's run #3, run 14 its #2.
const runs = [run(15, 'running', 24, 4), run(13, 'failed', 23, 3), run(14, 'success', 22, 2), run(12, 'cancelled', 20, 1)];
const listed = (id: number) => runs.find((row) => row.id === id)!;
const numberOf = (id: number) => listed(id).number;

const box = (id: number) => screen.getByRole('checkbox', { name: `Select run #${numberOf(id)} to compare` }) as HTMLInputElement;

function expectSelection(state: Snapshot) {
  const selected = state.context.selected.map((row) => row.id);
  // The running run has no checkbox: only finished runs are compared.
  expect(screen.queryByRole('checkbox', { name: 'Select run #4 to compare' })).toBeNull();
  for (const id of [12, 13, 14]) {
    expect(box(id).checked).toBe(selected.includes(id));
    // With two checked, a third waits until one is unchecked.
    expect(box(id).disabled).toBe(selected.length === 2 && !selected.includes(id));
  }
  const compare = screen.getByRole('button', { name: 'Compare' }) as HTMLButtonElement;
  expect(compare.disabled).toBe(selected.length !== 2);
  const older = [...state.context.selected].sort((a, b) => a.created_at.localeCompare(b.created_at));
  expect(compare.parentElement!.querySelector('[aria-live]')!.textContent).toBe(
    selected.length === 0
      ? 'Select two finished runs to compare.'
      : selected.length === 1
        ? `Select one more run to compare with run #${numberOf(selected[0])}.`
        : `Run #${older[0].number} (baseline) with run #${older[1].number} (candidate).`,
  );
  // Two checked: Show differences lists what differs between their configurations, the older run first.
  const shown = state.matches({ two: 'differences' });
  const show = screen.queryByRole('button', { name: 'Show differences' }) as HTMLButtonElement | null;
  expect(show === null).toBe(shown);
  if (show) expect(show.disabled).toBe(selected.length !== 2);
  expect(screen.queryByRole('button', { name: 'Hide differences' }) !== null).toBe(shown);
  const table = screen.queryByRole('table', { name: 'Configuration differences' });
  if (!shown) {
    expect(table).toBeNull();
    return;
  }
  const heading = `What differs between Run #${older[0].number} and Run #${older[1].number}`;
  expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
  const rows = within(table!).getAllByRole('row');
  expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
    ['Setting', `Run #${older[0].number}`, `Run #${older[1].number}`],
    ...runDifferences(listed(older[0].id), listed(older[1].id)).map((row) => [row.field, row.first, row.second]),
  ]);
}

describe('choosing two runs to compare', () => {
  replayShortestPaths(compareSelectionMachine, {
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        ...[12, 13, 14].map((id): ModelEvent => ({ type: 'user.toggleRun', run: listed(id) })),
        { type: 'user.compare' },
        { type: 'user.showDifferences' },
        { type: 'user.hideDifferences' },
      ]),
    // Keyed by the edge that led there too, so every edge is walked (Compare and unchecking included).
    serializeState: (state, event, previous) =>
      JSON.stringify({
        selected: state.context.selected.map((row) => row.id),
        from: previous?.context.selected.map((row) => row.id),
        by: event && (event.type === 'user.toggleRun' ? `toggle ${event.run.id}` : event.type),
        differences: state.matches({ two: 'differences' }),
      }),
    paths: { atLeast: 20, name: 'yields a path for every edge: checking, unchecking and comparing' },
    describeEvent: (event) => (event.type === 'user.toggleRun' ? `toggle ${event.run.id}` : event.type),
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)}${route ? ` via ${route}` : ''}`,
    async setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/experiment-runs/4', <ExperimentRunsPage id={4} />);
      await services.settle('runsOfExperiment', { output: runs });
      expect(within(screen.getByRole('table', { name: 'Runs of experiment 4' })).getAllByRole('columnheader')[0].textContent).toBe('Run');
      return services;
    },
    perform(event) {
      if (event.type === 'user.toggleRun') fireEvent.click(box(event.run.id));
      else if (event.type === 'user.showDifferences') fireEvent.click(screen.getByRole('button', { name: 'Show differences' }));
      else if (event.type === 'user.hideDifferences') fireEvent.click(screen.getByRole('button', { name: 'Hide differences' }));
      else fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    },
    afterPerform({ event, state }, services) {
      if (event.type !== 'user.compare') return;
      // The older of the two is the baseline, whichever was checked first.
      const [baseline, candidate] = [...state.context.selected].sort((a, b) => a.created_at.localeCompare(b.created_at));
      expect(services.currentPath()).toBe(`/compare?baseline=${baseline.id}&candidate=${candidate.id}`);
    },
    // The selection shows at once; Compare leaves for the comparison, checked above.
    waitForScreen: false,
    expectScreen: (state, _, event) => (event?.type === 'user.compare' ? undefined : expectSelection(state)),
  });

  it('compares the older run with the newer whichever is checked first', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-runs/4', <ExperimentRunsPage id={4} />);
    await services.settle('runsOfExperiment', { output: runs });
    fireEvent.click(box(13));
    fireEvent.click(box(14));
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    expect(services.currentPath()).toBe('/compare?baseline=14&candidate=13');
  });

  it('shows in one click what differs between two runs whose targets differ only in their query', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-runs/4', <ExperimentRunsPage id={4} />);
    await services.settle('runsOfExperiment', { output: runs });
    // The runs table tells the two targets apart by their URL's query.
    const table = within(screen.getByRole('table', { name: 'Runs of experiment 4' }));
    const targetOf = (number: number) => {
      const row = table.getByRole('link', { name: `Run #${number}` }).closest('tr')!;
      return row.children[3].textContent;
    };
    expect(targetOf(2)).toBe('GET es.example.com/products/_search?q={query}');
    expect(targetOf(3)).toBe('GET es.example.com/products/_search?q={query}&boost=2');
    expect(targetOf(1)).toBe('Built-in catalogue search');
    expect(
      within(table.getByRole('list', { name: 'Tags of run #3' }))
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['boost']);
    fireEvent.click(box(13));
    fireEvent.click(box(14));
    fireEvent.click(screen.getByRole('button', { name: 'Show differences' }));
    const rows = within(screen.getByRole('table', { name: 'Configuration differences' })).getAllByRole('row');
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Setting', 'Run #2', 'Run #3'],
      ['Tags', '—', 'boost'],
      ['URL', 'https://es.example.com/products/_search?q={query}', 'https://es.example.com/products/_search?q={query}&boost=2'],
    ]);
  });
});
