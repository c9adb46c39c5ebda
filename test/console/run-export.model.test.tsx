import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { runExportMachine } from '../../src/machines/run-export.machine';
import type { DownloadedFile, ExperimentRunDetails } from '../../src/services/evaluation-backend';
import { RunResultsPage } from '../../src/views/RunResultsPage';
import { fakeServices, renderWithLogic, type FakeServices } from './helpers/fake-logic';

// Model-based: every state of the real run-export machine by its shortest path, replayed on
// /experiment-run-results/12: 'Export CSV' and 'Export TREC run', the busy label of the one being fetched,
// the saved file's name, the server's reason in red. A saved file goes to the browser exactly once.
// Then the run's mean metrics above the table (the one-record machine over GET experiment-runs/{id}).

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof runExportMachine>;
type ModelEvent =
  | EventFromLogic<typeof runExportMachine>
  | { type: 'xstate.done.actor.fetchExport'; output: DownloadedFile }
  | { type: 'xstate.error.actor.fetchExport'; error: Error };

const csvFile: DownloadedFile = { blob: new Blob(['result_id,query\n1,sofa\n'], { type: 'text/csv' }), filename: 'run-12-results.csv' };
const trecFile: DownloadedFile = { blob: new Blob(['q1 Q0 W1 1 2.5 run-12\n']), filename: 'run-12.trec' };
const refused = 'Experiment run 12 has no results yet';

const labels = { csv: ['Export CSV', 'Exporting CSV...'], trec: ['Export TREC run', 'Exporting TREC run...'] } as const;

function eventsFrom(state: Snapshot): ModelEvent[] {
  const events: ModelEvent[] = ([{ type: 'user.export', format: 'csv' }, { type: 'user.export', format: 'trec' }] as ModelEvent[]).filter((event) =>
    state.can(event as never),
  );
  if (state.matches('exporting')) {
    events.push(
      { type: 'xstate.done.actor.fetchExport', output: state.context.format === 'csv' ? csvFile : trecFile },
      { type: 'xstate.error.actor.fetchExport', error: new Error(refused) },
    );
  }
  return events;
}

const describeEvent = (event: ModelEvent) =>
  event.type === 'user.export' ? `export ${event.format}` : event.type === 'xstate.done.actor.fetchExport' ? 'file arrives' : 'export refused';

const paths = getShortestPaths(runExportMachine.provide({ actions: { saveFile: () => undefined } }), {
  input: { runId: 12 },
  events: eventsFrom as never,
});

async function perform(event: ModelEvent, services: FakeServices) {
  if (event.type === 'user.export') return fireEvent.click(screen.getByRole('button', { name: labels[event.format][0] }));
  if (event.type === 'xstate.done.actor.fetchExport') return services.settle('fetchExport', { output: event.output });
  return services.settle('fetchExport', { error: event.error });
}

function expectScreen(state: Snapshot) {
  const busyFormat = state.matches('exporting') ? state.context.format : null;
  for (const format of ['csv', 'trec'] as const) {
    const button = screen.getByRole('button', { name: labels[format][busyFormat === format ? 1 : 0] }) as HTMLButtonElement;
    expect(button.disabled).toBe(state.matches('exporting'));
    expect(button.getAttribute('aria-busy')).toBe(String(busyFormat === format));
  }
  expect(screen.queryByText(/^Saved /)?.textContent ?? null).toBe(state.matches('saved') ? `Saved ${state.context.savedAs}.` : null);
  expect(screen.queryAllByRole('alert').map((alert) => alert.textContent)).toEqual(
    state.matches('failed') ? [`Failed to export the results: ${refused}`] : [],
  );
}

describe('run export on /experiment-run-results/{id}', () => {
  for (const path of paths) {
    const steps = path.steps.slice(1);
    const route = steps.map(({ event }) => describeEvent(event as ModelEvent)).join(' → ');
    it(`reaches ${JSON.stringify(path.state.value)} (${path.state.context.format ?? 'no format'}) via ${route || 'nothing'}`, async () => {
      const services = fakeServices();
      renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id="12" />);
      expectScreen(path.steps[0].state as Snapshot);
      let saves = 0;
      for (const step of steps) {
        const event = step.event as ModelEvent;
        await perform(event, services);
        if (event.type === 'user.export') expect(services.last('fetchExport').input).toEqual({ runId: 12, format: event.format });
        if (event.type === 'xstate.done.actor.fetchExport') saves += 1;
        expect(services.saved.length).toBe(saves);
        if (saves > 0) expect(services.saved.at(-1)).toBe(event.type === 'xstate.done.actor.fetchExport' ? event.output : services.saved.at(-1));
        expectScreen(step.state as Snapshot);
      }
    });
  }
});

describe('mean metrics of the run above its results', () => {
  const details: ExperimentRunDetails = {
    id: 12,
    experiment_id: 4,
    evaluation_script_name: 'Golden set relevance',
    tags: [],
    status: 'success',
    total_cost: 0,
    created_at: '2026-03-03T10:00:00.000Z',
    updated_at: '2026-03-03T10:05:00.000Z',
    progress: { done: 480, total: 480 },
    error: null,
    summary: {
      results: 480,
      passed: 301,
      failed: 179,
      errors: 0,
      mean_metrics: { 'ndcg@10': 0.71234, 'precision@10': 0.4, 'recall@10': 0.55555, 'f1@10': 0.46, reciprocal_rank: 0.8, average_precision: 0.6019 },
    },
  };

  it('asks for the run and shows each mean to three decimals, then the counts', async () => {
    const services = fakeServices();
    renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id="12" />);
    expect(services.last('fetchRunSummary').input).toEqual({ id: 12 });
    const section = screen.getByRole('region', { name: 'Mean metrics' });
    expect(within(section).getByText('Loading...')).toBeTruthy();
    await services.settle('fetchRunSummary', { output: details });
    const grid = within(section).getByLabelText('Mean metrics', { selector: 'dl' });
    expect(within(grid).getAllByRole('term').map((term) => term.textContent)).toEqual([
      'ndcg@10', 'precision@10', 'recall@10', 'f1@10', 'reciprocal_rank', 'average_precision',
    ]);
    expect(within(grid).getAllByRole('definition').map((value) => value.textContent)).toEqual(['0.712', '0.400', '0.556', '0.460', '0.800', '0.602']);
    expect(within(section).getByText('480 results · 301 passed · 179 failed')).toBeTruthy();
  });

  it('says so when the run has no results yet, and counts errors when there were some', async () => {
    const services = fakeServices();
    renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id="12" />);
    await services.settle('fetchRunSummary', {
      output: { ...details, summary: { results: 1, passed: 0, failed: 0, errors: 1, mean_metrics: {} } },
    });
    const section = screen.getByRole('region', { name: 'Mean metrics' });
    expect(within(section).getByText('No results yet.')).toBeTruthy();
    expect(within(section).getByText('1 result · 0 passed · 0 failed · 1 error')).toBeTruthy();
  });

  it('names a failure in red and leaves the results table alone', async () => {
    const services = fakeServices();
    renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id="12" />);
    await services.settle('fetchRunSummary', { error: new Error('Experiment run 12 not found') });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch the run summary.');
    expect(services.calls('runResults')).toBe(1);
  });

  it('makes no call for an invalid run id', () => {
    const services = fakeServices();
    renderWithLogic(services, '/experiment-run-results/x', <RunResultsPage id="x" />);
    expect([services.calls('fetchRunSummary'), services.calls('fetchExport')]).toEqual([0, 0]);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});
