import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { runSegmentsMachine } from '../../../src/machines/runs/run-segments.machine';
import type { SegmentKey, SegmentMeans } from '../../../src/domain/runs/segments';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { finishedRun } from '../helpers/finished-run';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the run-segments machine's shortest paths, replayed on the Segments panel of
// /experiment-run-results/7 with the page's real machines. A key is chosen in the panel's select, Try again
// is clicked, the keys and means calls answer or fail when the path says so. At each step: the select and its
// keys (a key put away, a retry after a failure), the loading note, the red text, and the means table (worst first, few-query values with their interval,
// each value a link to the run's results filtered to it).

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof runSegmentsMachine>;
type ModelEvent =
  | EventFromLogic<typeof runSegmentsMachine>
  | ActorDone<'fetchKeys', SegmentKey[]>
  | ActorError<'fetchKeys', Error>
  | ActorDone<'fetchTable', SegmentMeans>
  | ActorError<'fetchTable', Error>;

const KEYS: SegmentKey[] = [
  { key: 'query_class', values: 3, results: 40, groupable: true },
  { key: 'sku', values: 900, results: 900, groupable: false },
];
const ONLY_IDS: SegmentKey[] = [{ key: 'sku', values: 900, results: 900, groupable: false }];

const summary = (value: string, counted: number, ndcg: number, ci95: [number, number] | null) => ({
  value,
  results: counted,
  passed: counted,
  failed: 0,
  unjudged: 0,
  errors: 0,
  counted,
  repeated: 0,
  mean_metrics: { 'ndcg@10': ndcg, 'precision@10': ndcg / 2 },
  ci95,
  few: counted < 10,
});
const MEANS: SegmentMeans = {
  key: 'query_class',
  metric: 'ndcg@10',
  few_queries: 10,
  segments: [summary('Sofas', 3, 0.21, [0.05, 0.37]), summary('Tables', 25, 0.5, [0.4, 0.6]), summary('Lamps: desk', 12, 0.75, [0.7, 0.8])],
  without_value: 2,
};
const keysDown = 'The server answered 502 Bad Gateway';
const meansRefused = 'querystring.key "query_class" takes 300 values in run 7, more than 200: choose a key that groups queries';

function eventsFrom(state: Snapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    { type: 'user.chooseKey', key: 'query_class' },
    { type: 'user.chooseKey', key: '' },
    { type: 'user.retry' },
  ];
  if (state.matches('loadingKeys')) {
    events.push(
      { type: 'xstate.done.actor.fetchKeys', output: KEYS },
      { type: 'xstate.done.actor.fetchKeys', output: ONLY_IDS },
      { type: 'xstate.error.actor.fetchKeys', error: new Error(keysDown) },
    );
  }
  if (state.matches('loadingTable')) {
    events.push(
      { type: 'xstate.done.actor.fetchTable', output: MEANS },
      { type: 'xstate.error.actor.fetchTable', error: new Error(meansRefused) },
    );
  }
  return possibleEvents(state, events);
}

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case 'user.chooseKey':
      return `choose "${event.key}"`;
    case 'xstate.done.actor.fetchKeys':
      return `keys ${event.output.map((k) => k.key).join(',')}`;
    case 'xstate.error.actor.fetchKeys':
      return 'keys fail';
    case 'xstate.done.actor.fetchTable':
      return 'means answer';
    case 'xstate.error.actor.fetchTable':
      return 'means refused';
    default:
      return event.type;
  }
}

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.chooseKey':
      return fireEvent.change(screen.getByRole('combobox', { name: 'Segment by' }), { target: { value: event.key } });
    case 'user.retry':
      return fireEvent.click(within(panel()).getByRole('button', { name: 'Try again' }));
    case 'xstate.done.actor.fetchKeys':
      return services.settle('segmentKeys', { output: event.output });
    case 'xstate.error.actor.fetchKeys':
      return services.settle('segmentKeys', { error: event.error });
    case 'xstate.done.actor.fetchTable':
      return services.settle('segmentMeans', { output: event.output });
    case 'xstate.error.actor.fetchTable':
      return services.settle('segmentMeans', { error: event.error });
  }
}

const panel = () => screen.getByRole('region', { name: 'Segments' });

function expectPanel(state: Snapshot) {
  const region = panel();
  const text = region.textContent ?? '';
  expect(text.includes('Loading...')).toBe(state.hasTag('busy'));
  const alerts = within(region)
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);
  const error = state.matches('keysFailed') ? keysDown : state.matches('tableFailed') ? meansRefused : null;
  expect(alerts).toEqual(error ? [`Could not load the segments: ${error}`] : []);
  expect(within(region).queryByRole('button', { name: 'Try again' }) !== null).toBe(error !== null);

  const select = within(region).queryByRole('combobox', { name: 'Segment by' }) as HTMLSelectElement | null;
  if (state.matches('noKeys')) expect(text).toContain('The entries of this run carry no metadata to segment by.');
  expect(select !== null).toBe(!state.matches('noKeys') && !state.matches('keysFailed'));
  if (select) {
    // Only keys that group queries are offered: an id per entry is not.
    expect(Array.from(select.options, (option) => option.textContent)).toEqual(
      state.context.keys.length > 0 ? ['Choose a metadata key', 'query_class (3 values)'] : ['Choose a metadata key'],
    );
    expect(select.value).toBe(state.context.key);
    expect(select.disabled).toBe(state.matches('loadingKeys'));
  }

  const table = within(region).queryByRole('table', { name: 'Means by query_class' });
  expect(table !== null).toBe(state.matches('showing'));
  if (table) {
    // The metrics by their labels, as the run's means above name them.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['query_class', 'Queries', 'nDCG@10', 'P@10']);
    expect(text).toContain('Worst nDCG@10 first.');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Sofas', '3 · few queries', '0.2100 (95% CI 0.0500–0.3700)', '0.1050'],
      ['Tables', '25', '0.5000', '0.2500'],
      ['Lamps: desk', '12', '0.7500', '0.3750'],
    ]);
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual([
      '/experiment-run-results/7?segment=query_class%3ASofas',
      '/experiment-run-results/7?segment=query_class%3ATables',
      '/experiment-run-results/7?segment=query_class%3ALamps%3A+desk',
    ]);
    expect(text).toContain('2 results have no query_class.');
  }
}

describe('the Segments panel on /experiment-run-results/{id}', () => {
  replayShortestPaths(runSegmentsMachine, {
    input: { runId: 7 },
    events: eventsFrom,
    // With the event that led there: a key put away, a retry, are paths of their own.
    serializeState: (state, event) =>
      JSON.stringify({ value: state.value, key: state.context.key, keys: state.context.keys.length, via: event && describeEvent(event) }),
    paths: { atLeast: 10 },
    describeEvent,
    async setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/experiment-run-results/7', <RunResultsPage id={7} />);
      await services.settle('findRun', { output: finishedRun(7) });
      return services;
    },
    expectScreen: (state) => expectPanel(state),
    beforeStep: (_, services) => ({ keys: services.calls('segmentKeys'), means: services.calls('segmentMeans') }),
    perform: (event, services) => perform(event, services),
    afterStep({ state, previous, event }, services, before) {
      // The keys are asked for once, and again on Try again; the means of exactly the chosen key whenever one is chosen or retried.
      const keysAsked = state.matches('loadingKeys') && !previous.matches('loadingKeys');
      expect(services.calls('segmentKeys')).toBe(before.keys + (keysAsked ? 1 : 0));
      const meansAsked = state.matches('loadingTable') && (event.type === 'user.chooseKey' || event.type === 'user.retry');
      expect(services.calls('segmentMeans')).toBe(before.means + (meansAsked ? 1 : 0));
      if (meansAsked) expect(services.last('segmentMeans').args).toEqual([7, 'query_class']);
    },
  });
});
