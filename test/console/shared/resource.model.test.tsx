import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { resourceMachine } from '../../../src/machines/shared/resource.machine';
import type { ExperimentRun } from '../../../src/domain/experiments/evaluation-backend-types';
import { ExperimentRunsPage } from '../../../src/views/runs/ExperimentRunsPage';
import { fakeDeps, type FakeDeps, type OutputOf } from '../helpers/fake-deps';
import { renderRoute, renderWithLogic } from '../helpers/render-console';
import { isXStateEvent, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: every simple path (so every edge) of the real one-record machine, replayed against the experiment runs screen
// (/experiment-runs/{id}: one unpaged call), with each status's colour as a class.

afterEach(cleanup);

type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;
type ModelEvent =
  | EventFromLogic<typeof resourceMachine>
  // The resource here is an experiment's runs.
  | ActorDone<'fetchResource', OutputOf<'runsOfExperiment'>>
  | ActorError<'fetchResource', Error>;

const run = (id: number, status: string, tags: string[]): ExperimentRun => ({
  id,
  evaluation_script_name: 'Golden set relevance',
  tags,
  status,
  total_cost: 0.012,
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:29:00Z',
});
const runs = [run(1, 'success', ['baseline', 'nightly']), run(2, 'failed', ['hotfix']), run(3, 'running', [])];

const candidates: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchResource', output: runs },
  { type: 'xstate.done.actor.fetchResource', output: [] },
  // The server has no such experiment (404): the service answers null.
  { type: 'xstate.done.actor.fetchResource', output: null },
  { type: 'xstate.error.actor.fetchResource', error: new Error('500') },
  { type: 'user.retry' },
];

const describeEvent = (event: ModelEvent) =>
  event.type === 'xstate.done.actor.fetchResource'
    ? event.output === null
      ? 'fetch finds no such experiment'
      : `fetch answers ${event.output.length} runs`
    : event.type === 'xstate.error.actor.fetchResource'
      ? 'fetch fails'
      : event.type;

const serializeState = (state: ResourceSnapshot, event: ModelEvent | undefined, previous?: ResourceSnapshot) =>
  JSON.stringify({ value: state.value, from: previous?.value, by: event && describeEvent(event) });

async function perform(event: ModelEvent, services: FakeDeps) {
  if (event.type === 'xstate.done.actor.fetchResource') return services.settle('runsOfExperiment', { output: event.output });
  if (event.type === 'xstate.error.actor.fetchResource') return services.settle('runsOfExperiment', { error: event.error });
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
}

function expectScreen(state: ResourceSnapshot) {
  const status = screen.queryByRole('status');
  if (state.matches('loading')) {
    expect(status?.textContent).toBe('Loading...');
  } else if (state.matches('failed')) {
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch experiment runs.');
    expect(screen.queryByRole('table')).toBeNull();
  } else if (state.matches('missing')) {
    expect(screen.getByRole('alert').textContent).toBe('Experiment not found');
    expect(screen.queryByRole('button', { name: 'Run experiment' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  } else if (state.matches('empty')) {
    expect(status?.textContent).toBe('No experiment runs found.');
  } else {
    const table = screen.getByRole('table', { name: 'Runs of experiment 5' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Run',
      'Script Name',
      'Tags',
      'Target',
      'Status',
      'nDCG',
      'P',
      'R',
      'F1',
      'Passed / Failed / Not scored / Errors',
      'Total Cost',
      'Created At',
      'Updated At',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      // Without a number within its experiment (made elsewhere), a run is named by its id; without a configuration, no target.
      '1',
      'Golden set relevance',
      'baselinenightly',
      '—',
      'success',
      // A run without a summary (made elsewhere) has no means or outcomes to show.
      '—',
      '—',
      '—',
      '—',
      '',
      '0.012',
      'Nov 22, 2026, 3:04 PM',
      'Nov 22, 2026, 3:29 PM',
      'Details',
    ]);
    const badges = rows.map((row) => within(row).getByText(/^(success|failed|running)$/).className);
    // Three different tone classes: green, red, grey (their colours are checked in the browser test).
    expect(new Set(badges).size).toBe(3);
    // A finished run (success or failed) can be chosen to compare; a running one cannot.
    expect(rows.map((row) => within(row).queryByRole('checkbox')?.getAttribute('aria-label') ?? null)).toEqual([
      'Select run 1 to compare',
      'Select run 2 to compare',
      null,
    ]);
    expect(within(rows[1]).getByRole('link', { name: 'Details of run 2' }).getAttribute('href')).toBe('/experiment-run-results/2');
    // The run's number, first in its row, opens the same results; its tags are a list, one item a tag.
    expect(within(rows[1]).getByRole('link', { name: 'Run 2' }).getAttribute('href')).toBe('/experiment-run-results/2');
    expect(
      within(within(rows[0]).getByRole('list', { name: 'Tags of run 1' }))
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['baseline', 'nightly']);
  }
}

describe('experiment runs', () => {
  replayShortestPaths(resourceMachine, {
    simplePaths: true,
    input: { id: 5 },
    events: (state) => candidates.filter((event) => (isXStateEvent(event) ? state.matches('loading') : state.can(event))),
    serializeState,
    paths: { atLeast: 8 },
    describeEvent,
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)}${route ? ` via ${route}` : ''}`,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/experiment-runs/5', <ExperimentRunsPage id={5} />);
      expect(services.last('runsOfExperiment').args).toEqual([5]);
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    afterPath(path, services) {
      expect(services.calls('runsOfExperiment')).toBe(1 + path.steps.filter(({ event }) => event.type === 'user.retry').length);
    },
  });

  it.each([undefined, 'abc', '0', '-1', '2.5'])('says "Invalid experiment ID" for the id %j, without a call', async (id) => {
    const services = fakeDeps();
    renderRoute(services, `/experiment-runs/${id ?? ''}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid experiment ID');
    expect(services.calls('runsOfExperiment')).toBe(0);
  });
});
