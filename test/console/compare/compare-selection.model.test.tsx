import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { compareSelectionMachine } from '../../../src/machines/compare/compare-selection.machine';
import type { ExperimentRun } from '../../../src/domain/experiments/evaluation-backend-types';
import { ExperimentRunsPage } from '../../../src/views/runs/ExperimentRunsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths } from '../helpers/replay-shortest-paths';

// Model-based: choosing two runs to compare on /experiment-runs/{id}. Each finished run has a
// checkbox, two at most are checked, and Compare goes to the comparison with the older run as the baseline.
// Every shortest path of the real machine, replayed on the runs page.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof compareSelectionMachine>;
type ModelEvent = EventFromLogic<typeof compareSelectionMachine>;

const run = (id: number, status: string, day: number): ExperimentRun => ({
  id,
  evaluation_script_name: 'Golden set relevance',
  tags: [],
  status,
  total_cost: 0,
  created_at: `2026-11-${day}T10:00:00Z`,
  updated_at: `2026-11-${day}T10:30:00Z`,
});
// Newest first, as the server lists them. Run 13 was made after run 14 (ids do not decide which is older).
const runs = [run(15, 'running', 24), run(13, 'failed', 23), run(14, 'success', 22), run(12, 'cancelled', 20)];
const dated = (id: number) => {
  const { created_at } = runs.find((row) => row.id === id)!;
  return { id, created_at };
};

const box = (id: number) => screen.getByRole('checkbox', { name: `Select run ${id} to compare` }) as HTMLInputElement;

function expectSelection(state: Snapshot) {
  const selected = state.context.selected.map((row) => row.id);
  // The running run has no checkbox: only finished runs are compared.
  expect(screen.queryByRole('checkbox', { name: 'Select run 15 to compare' })).toBeNull();
  for (const id of [12, 13, 14]) {
    expect(box(id).checked).toBe(selected.includes(id));
    // With two checked, a third waits until one is unchecked.
    expect(box(id).disabled).toBe(selected.length === 2 && !selected.includes(id));
  }
  const compare = screen.getByRole('button', { name: 'Compare' }) as HTMLButtonElement;
  expect(compare.disabled).toBe(selected.length !== 2);
  const older = [...state.context.selected].sort((a, b) => a.created_at.localeCompare(b.created_at));
  expect(compare.nextElementSibling!.textContent).toBe(
    selected.length === 0
      ? 'Select two finished runs to compare.'
      : selected.length === 1
        ? `Select one more run to compare with run ${selected[0]}.`
        : `Run ${older[0].id} (baseline) with run ${older[1].id} (candidate).`,
  );
}

describe('choosing two runs to compare', () => {
  replayShortestPaths(compareSelectionMachine, {
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        ...[12, 13, 14].map((id): ModelEvent => ({ type: 'user.toggleRun', run: dated(id) })),
        { type: 'user.compare' },
      ]),
    // Keyed by the edge that led there too, so every edge is walked (Compare and unchecking included).
    serializeState: (state, event, previous) =>
      JSON.stringify({
        selected: state.context.selected.map((row) => row.id),
        from: previous?.context.selected.map((row) => row.id),
        by: event && (event.type === 'user.toggleRun' ? `toggle ${event.run.id}` : event.type),
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
});
