import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createActor, waitFor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { fileExportMachine, type FileExportRequest } from '../../../src/machines/shared/file-export.machine';
import type { DownloadedFile, ExperimentRunDetails, GoldenSet } from '../../../src/domain/experiments/evaluation-backend-types';
import { GoldenSetsPage } from '../../../src/views/golden-sets/GoldenSetsPage';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';
import { finishedRun } from '../helpers/finished-run';

// Model-based: every state of the real file-export machine by its shortest path, replayed on both pages
// that export files. /experiment-run-results/12: 'Export CSV' and 'Export TREC run', the busy label of the
// one being fetched. /golden-sets: each row's 'CSV', 'qrels' and 'queries' ('CSV...' while busy). On both,
// every export button is disabled while one runs, the saved file's name shows, the server's reason shows
// in red, and a saved file goes to the browser exactly once. Then the run's mean metrics above its table.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof fileExportMachine>;
type ModelEvent = EventFromLogic<typeof fileExportMachine> | ActorDone<'fetchExport', DownloadedFile> | ActorError<'fetchExport', Error>;

/** One page with exports, as the model test drives and reads it. */
type ExportPage = {
  /** What the page offers to export: each button's request. */
  requests: FileExportRequest[];
  open(services: FakeDeps): Promise<void>;
  /** The backend call the page's export machine makes. */
  fetchId: 'exportRun' | 'exportGoldenSet';
  file(request: FileExportRequest): DownloadedFile;
  refusal(request: FileExportRequest): string;
  failurePrefix: string;
  /** A button's accessible name and visible text, idle or busy. */
  button(request: FileExportRequest, busy: boolean): { name: string; text: string };
};

const runLabels: Record<string, readonly [string, string]> = {
  csv: ['Export CSV', 'Exporting CSV...'],
  trec: ['Export TREC run', 'Exporting TREC run...'],
};

const runPage: ExportPage = {
  requests: [
    { id: 12, format: 'csv' },
    { id: 12, format: 'trec' },
  ],
  async open(services) {
    renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id={12} />);
    await services.settle('findRun', { output: finishedRun(12) });
  },
  fetchId: 'exportRun',
  file: ({ format }) =>
    format === 'csv'
      ? { blob: new Blob(['result_id,query\n1,sofa\n'], { type: 'text/csv' }), filename: 'run-12-results.csv' }
      : { blob: new Blob(['q1 Q0 W1 1 2.5 run-12\n']), filename: 'run-12.trec' },
  refusal: () => 'Experiment run 12 has no results yet',
  failurePrefix: 'Failed to export the results: ',
  button: ({ format }, busy) => {
    const label = runLabels[format][busy ? 1 : 0];
    return { name: label, text: label };
  },
};

const goldenSets: GoldenSet[] = [
  {
    id: 4,
    name: 'Golden set — Germany',
    description: 'DE',
    market: 'DE',
    query_count: 2,
    judgement_count: 3,
    created_at: '2026-02-10T08:45:00Z',
    updated_at: '2026-02-10T08:45:00Z',
    scale: { max_grade: 3, labels: ['Poor', 'Fair', 'Good', 'Perfect'] },
    grade_counts: {},
    version: 0,
    changed_at: null,
  },
  {
    id: 2,
    name: 'Golden set — France',
    description: 'FR',
    market: 'FR',
    query_count: 137,
    judgement_count: 1679,
    created_at: '2026-01-26T14:10:00Z',
    updated_at: '2026-01-26T14:10:00Z',
    scale: { max_grade: 3, labels: ['Poor', 'Fair', 'Good', 'Perfect'] },
    grade_counts: {},
    version: 0,
    changed_at: null,
  },
];
const goldenSetFiles: Record<string, { text: string; file: string; extension: string; body: string }> = {
  csv: { text: 'CSV', file: 'CSV', extension: 'csv', body: '\uFEFFquery,product_id,relevance\r\nsofa,P1,2\r\n' },
  qrels: { text: 'qrels', file: 'TREC qrels', extension: 'qrels', body: 'q1 0 P1 2\n' },
  queries: { text: 'queries', file: 'TREC queries', extension: 'queries.tsv', body: 'q1\tsofa\n' },
};
const nameOf = (id: number) => goldenSets.find((goldenSet) => goldenSet.id === id)!.name;

const goldenSetsPage: ExportPage = {
  requests: goldenSets.flatMap(({ id }) => ['csv', 'qrels', 'queries'].map((format) => ({ id, format }))),
  async open(services) {
    renderWithLogic(services, '/golden-sets', <GoldenSetsPage />);
    await services.settle('goldenSetRows', { output: { items: goldenSets, total: goldenSets.length } });
    await screen.findByRole('table', { name: 'Golden Sets' });
  },
  fetchId: 'exportGoldenSet',
  file: ({ id, format }) => ({
    blob: new Blob([goldenSetFiles[format].body]),
    filename: `golden-set-${id}.${goldenSetFiles[format].extension}`,
  }),
  refusal: ({ id }) => `Golden set ${id} not found`,
  failurePrefix: 'Failed to export the golden set: ',
  button: ({ id, format }, busy) => ({
    name: `Export ${nameOf(id)} as ${goldenSetFiles[format].file}`,
    text: busy ? `${goldenSetFiles[format].text}...` : goldenSetFiles[format].text,
  }),
};

const eventsOn =
  (page: ExportPage) =>
  (state: Snapshot): ModelEvent[] => {
    const events: ModelEvent[] = page.requests
      .map((request): EventFromLogic<typeof fileExportMachine> => ({ type: 'user.export', ...request }))
      .filter((event) => state.can(event));
    if (state.matches('exporting')) {
      const request = { id: state.context.id!, format: state.context.format! };
      events.push(
        { type: 'xstate.done.actor.fetchExport', output: page.file(request) },
        { type: 'xstate.error.actor.fetchExport', error: new Error(page.refusal(request)) },
      );
    }
    return events;
  };

const describeEvent = (event: ModelEvent) =>
  event.type === 'user.export'
    ? `export ${event.id} ${event.format}`
    : event.type === 'xstate.done.actor.fetchExport'
      ? 'file arrives'
      : 'export refused';

// A state together with the one it came from: an export starting afresh, after a saved file and after a
// refusal are each a path of their own (the machine clears what the last export left).
const serializeState = (state: Snapshot, _event: unknown, previous?: Snapshot) =>
  JSON.stringify({ value: state.value, context: state.context, from: previous?.value });

async function perform(page: ExportPage, event: ModelEvent, services: FakeDeps, state: Snapshot) {
  if (event.type === 'user.export') return fireEvent.click(screen.getByRole('button', { name: page.button(event, false).name }));
  expect(state.matches('exporting')).toBe(true);
  if (event.type === 'xstate.done.actor.fetchExport') return services.settle(page.fetchId, { output: event.output });
  return services.settle(page.fetchId, { error: event.error });
}

function expectScreen(page: ExportPage, state: Snapshot) {
  const exporting = state.matches('exporting');
  for (const request of page.requests) {
    const busy = exporting && state.context.id === request.id && state.context.format === request.format;
    const { name, text } = page.button(request, busy);
    const button = screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(button.textContent).toBe(text);
    expect(button.disabled).toBe(exporting);
    expect(button.getAttribute('aria-busy')).toBe(String(busy));
  }
  expect(screen.queryByText(/^Saved /)?.textContent ?? null).toBe(state.matches('saved') ? `Saved ${state.context.savedAs}.` : null);
  expect(screen.queryAllByRole('alert').map((alert) => alert.textContent)).toEqual(
    state.matches('failed') ? [`${page.failurePrefix}${state.context.error}`] : [],
  );
}

/** Every shortest path of the export machine, replayed on `page`; `covers` names the test of their number. */
function replayPaths(page: ExportPage, covers: string) {
  replayShortestPaths(fileExportMachine.provide({ actions: { saveFile: () => undefined } }), {
    events: eventsOn(page),
    serializeState,
    // Idle, then per export: busy afresh, after a saved file and after a refusal, saved, and failed.
    paths: { exactly: 1 + 5 * page.requests.length, name: covers },
    describeEvent,
    name: (path, route) => {
      const { id, format } = path.state.context;
      return `reaches ${JSON.stringify(path.state.value)} (${format ? `${id} ${format}` : 'no export'}) via ${route || 'nothing'}`;
    },
    async setup() {
      const services = fakeDeps();
      await page.open(services);
      return { services, saves: 0 };
    },
    perform: (event, { services }, { previous }) => perform(page, event, services, previous),
    afterPerform({ event }, exports) {
      const { services } = exports;
      if (event.type === 'user.export') expect(services.last(page.fetchId).args).toEqual([event.id, event.format]);
      if (event.type === 'xstate.done.actor.fetchExport') exports.saves += 1;
      expect(services.saved.length).toBe(exports.saves);
      if (event.type === 'xstate.done.actor.fetchExport') expect(services.saved.at(-1)).toBe(event.output);
    },
    waitForScreen: false,
    expectScreen: (state) => expectScreen(page, state),
  });
}

describe('run export on /experiment-run-results/{id}', () => {
  replayPaths(runPage, 'covers idle, both exports saved and failed, and each one busy afresh, after a saved file and after a refusal');
});

describe('golden set export on /golden-sets', () => {
  replayPaths(
    goldenSetsPage,
    'covers idle, every row’s three exports saved and failed, and each one busy afresh, after a saved file and after a refusal',
  );
});

describe('the file-export machine on its own', () => {
  it('cannot reach the network unprovided: the placeholder actor fails the export', async () => {
    const actor = createActor(fileExportMachine).start();
    actor.send({ type: 'user.export', id: 4, format: 'csv' });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(failed.context).toEqual({ id: 4, format: 'csv', savedAs: null, error: 'fetchExport not provided' });
  });
});

describe('mean metrics of the run above its results', () => {
  const details: ExperimentRunDetails = {
    ...finishedRun(12),
    progress: { done: 480, total: 480 },
    error: null,
    summary: {
      results: 480,
      passed: 301,
      failed: 179,
      errors: 0,
      counted: 470,
      repeated: 10,
      mean_metrics: {
        'ndcg@10': 0.71234,
        'precision@10': 0.4,
        'recall@10': 0.55555,
        'f1@10': 0.46,
        'reciprocal_rank@10': 0.8,
        'average_precision@10': 0.6019,
      },
    },
  };

  it('asks for the run and shows each mean to four decimals, then the counts and the queries the means are over', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id={12} />);
    expect(services.last('findRun').args).toEqual([12]);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await services.settle('findRun', { output: details });
    const section = screen.getByRole('region', { name: 'Mean metrics' });
    const grid = within(section).getByLabelText('Mean metrics', { selector: 'dl' });
    expect(
      within(grid)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['nDCG@10', 'P@10', 'R@10', 'F1@10', 'RR@10', 'AP@10']);
    expect(
      within(grid)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['0.7123', '0.4000', '0.5555', '0.4600', '0.8000', '0.6019']);
    expect(within(section).getByText('480 results · 301 passed · 179 failed')).toBeTruthy();
    expect(
      within(section).getByText(
        "Means over 470 queries: passed or failed, each query once. 10 results repeat an earlier entry's query and are left out.",
      ),
    ).toBeTruthy();
  });

  it('says so when the run has no results yet, and counts errors when there were some', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id={12} />);
    await services.settle('findRun', {
      output: { ...details, summary: { results: 1, passed: 0, failed: 0, errors: 1, mean_metrics: {} } },
    });
    const section = screen.getByRole('region', { name: 'Mean metrics' });
    expect(within(section).getByText('No results yet.')).toBeTruthy();
    expect(within(section).getByText('1 result · 0 passed · 0 failed · 1 error')).toBeTruthy();
  });

  it('names a failure in red and leaves the results table alone', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id={12} />);
    await services.settle('findRun', { error: new Error('The server answered 500 Internal Server Error') });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch the run summary.');
    expect(services.calls('runResultRows')).toBe(1);
  });

  it('makes no call for an invalid run id', () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/x', <RunResultsPage id={null} />);
    expect([services.calls('findRun'), services.calls('exportRun')]).toEqual([0, 0]);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});
