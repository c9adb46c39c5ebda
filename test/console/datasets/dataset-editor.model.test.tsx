import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { datasetEditorMachine, ENTRY_WINDOW } from '../../../src/machines/datasets/dataset-editor.machine';
import type { Side } from '../../../src/domain/datasets/dataset-membership';
import type { Dataset, DatasetEntry } from '../../../src/domain/evaluations/evaluation-service-types';
import { DatasetEditorPage } from '../../../src/views/datasets/DatasetEditorPage';
import { fakeDeps, type FakeDeps, type OutputOf } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the membership machine's shortest paths replayed on the editor. The server holds one
// included entry and two available ones; a failed move reloads them as the server has them, and so does a
// complete 'Upload entries' (the model's `reload`: the Bulk Upload dialog preset to this dataset, used to the end).

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof datasetEditorMachine>;
type UserEvent = EventFromLogic<typeof datasetEditorMachine>;
/** An actor's answer (what its service call resolves to) or failure. */
type Outcome<Id extends string, Output> = ActorDone<Id, Output> | ActorError<Id, Error>;
type ModelEvent =
  | UserEvent
  | Outcome<'fetchDataset', OutputOf<'findDataset'>>
  | Outcome<'fetch.included', OutputOf<'entryWindow'>>
  | Outcome<'fetch.available', OutputOf<'entryWindow'>>
  | Outcome<'saveMoves', OutputOf<'moveEntries'>>;

const sofas: Dataset = {
  id: 7,
  name: 'Sofas UK',
  description: 'Sofa queries',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const entry = (id: number, input: string): DatasetEntry => ({
  id,
  input,
  input_metadata: null,
  description: input,
  datasets: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
const serverIncluded = [entry(1, 'Red velvet sofa')];
const serverAvailable = [entry(2, 'blue lamp'), entry(3, 'RED chair')];
const failure = new Error('Internal Server Error');
const upload = new File(['input\nred velvet sofa\n'], 'sofas.csv', { type: 'text/csv' });
const uploaded = {
  created_entries: 1,
  created_datasets: 0,
  created_mappings: 1,
  existing_inputs: 1,
  repeated_inputs: 0,
  skipped_inputs: 0,
};

function eventsFor(state: Snapshot): ModelEvent[] {
  const events: UserEvent[] = [
    { type: 'user.retry' },
    { type: 'user.add' },
    { type: 'user.remove' },
    { type: 'user.toggle', side: 'included', id: 1 },
    { type: 'user.toggle', side: 'available', id: 2 },
    { type: 'user.focusMove', side: 'available', to: 'next', extend: true },
    { type: 'user.selectAllMatching', side: 'available' },
    { type: 'user.filter', side: 'available', text: 'red' },
    { type: 'user.filter', side: 'available', text: 'zzz' },
    { type: 'user.filter', side: 'available', text: '' },
  ];
  // People act on settled lists (a list being fetched shows 'Loading...'), which keeps the graph small.
  const settled = !(['included', 'available'] as const).some((side) => !state.matches({ ready: { [side]: 'idle' } }));
  const filtered: ModelEvent[] = events.filter((event) =>
    state.matches('failed') || state.matches('notFound') ? state.can(event) : settled && state.can(event),
  );
  if (state.matches('loadingDataset')) {
    filtered.push(
      { type: 'xstate.done.actor.fetchDataset', output: sofas },
      { type: 'xstate.done.actor.fetchDataset', output: null },
      { type: 'xstate.error.actor.fetchDataset', error: new Error('The server answered 500 Internal Server Error') },
    );
  }
  if (state.matches({ ready: { included: 'fetching' } })) {
    filtered.push({ type: 'xstate.done.actor.fetch.included', output: { items: serverIncluded, total: 1, count: 1 } });
  }
  if (state.matches({ ready: { available: 'fetching' } })) {
    filtered.push({ type: 'xstate.done.actor.fetch.available', output: { items: serverAvailable, total: 2, count: 2 } });
  }
  if (state.matches({ ready: { membership: 'saving' } })) {
    filtered.push({ type: 'xstate.done.actor.saveMoves', output: undefined }, { type: 'xstate.error.actor.saveMoves', error: failure });
  }
  // A person can only click a row the filter shows.
  const visible = (side: Side, id: number) => {
    const list = state.context[side];
    return list.rows.some((row) => row.id === id && row.key.includes(list.filter.trim().toLowerCase()));
  };
  // Filtering is tried from an unfiltered list, and cleared from a filtered one.
  const filtering = (text: string) => (state.context.available.filter === '') === (text !== '');
  // The keys are tried on the freshly loaded lists only, and what they select (entries 2 and 3; a click selects
  // only 2) is then only added: enough to see them work without doubling the graph.
  const fresh = (['included', 'available'] as const).every(
    (side) => state.context[side].filter === '' && state.context[side].selected.size === 0,
  );
  const keyed = state.context.available.selected.has(3) || state.context.included.rows.some((row) => row.id === 3);
  if (keyed) return filtered.filter((event) => event.type === 'user.add' || event.type.startsWith('xstate.'));
  const keys = fresh && state.context.error === null && state.context.included.rows.length === 1;
  // An upload is tried from the freshly loaded lists only: what follows it is what follows any fetch.
  if (keys && settled && state.matches('ready')) filtered.push({ type: 'reload' });
  return filtered.filter((event) =>
    event.type === 'user.toggle'
      ? visible(event.side, event.id)
      : event.type === 'user.filter'
        ? filtering(event.text)
        : event.type === 'user.focusMove' || event.type === 'user.selectAllMatching'
          ? keys
          : true,
  );
}

const panel = (title: string) => screen.getByRole('heading', { name: new RegExp(`^${title}`) }).closest('section')!;

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.add':
      return fireEvent.click(screen.getByRole('button', { name: /^Add Selected/ }));
    case 'user.remove':
      return fireEvent.click(screen.getByRole('button', { name: /^Remove Selected/ }));
    case 'user.toggle': {
      const list = panel(event.side === 'included' ? 'Included Entries' : 'Available Entries');
      const input = event.side === 'included' ? 'Red velvet sofa' : 'blue lamp';
      return fireEvent.click(within(list).getByRole('option', { name: input }));
    }
    case 'user.focusMove':
      return fireEvent.keyDown(within(panel('Available Entries')).getByRole('listbox'), { key: 'ArrowDown', shiftKey: true });
    case 'user.selectAllMatching':
      return fireEvent.keyDown(within(panel('Available Entries')).getByRole('listbox'), { key: 'a', ctrlKey: true });
    case 'user.filter':
      return fireEvent.change(screen.getByPlaceholderText('Filter available entries...'), { target: { value: event.text } });
    case 'reload': {
      fireEvent.click(screen.getByRole('button', { name: 'Upload entries' }));
      const dialog = screen.getByRole('dialog', { name: 'Bulk Upload' });
      expect(within(dialog).getByText('Every row goes into the dataset "Sofas UK".')).toBeTruthy();
      fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [upload] } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
      await services.settle('uploadEntries', { output: uploaded });
      expect(within(dialog).getByRole('region', { name: 'Upload Complete' }).textContent).toContain(
        '1 input was in their dataset already: added anyway.',
      );
      return fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    }
    // The service call behind each actor of the model: the editor's two lists share one, told apart by side.
    case 'xstate.done.actor.fetchDataset':
      return services.settle('findDataset', { output: event.output });
    case 'xstate.error.actor.fetchDataset':
      return services.settle('findDataset', { error: event.error });
    case 'xstate.done.actor.fetch.included':
      return services.settle('entryWindow', { output: event.output }, { side: 'included' });
    case 'xstate.error.actor.fetch.included':
      return services.settle('entryWindow', { error: event.error }, { side: 'included' });
    case 'xstate.done.actor.fetch.available':
      return services.settle('entryWindow', { output: event.output }, { side: 'available' });
    case 'xstate.error.actor.fetch.available':
      return services.settle('entryWindow', { error: event.error }, { side: 'available' });
    case 'xstate.done.actor.saveMoves':
      return services.settle('moveEntries', { output: event.output });
    case 'xstate.error.actor.saveMoves':
      return services.settle('moveEntries', { error: event.error });
  }
}

function expectList(state: Snapshot, side: Side) {
  const title = side === 'included' ? 'Included Entries' : 'Available Entries';
  const list = state.context[side];
  const section = panel(title);
  const key = list.filter.trim().toLowerCase();
  const visible = list.rows.filter((row) => row.key.includes(key));
  // The model's server holds few entries, so every filter is answered by the loaded rows.
  const counts = key === '' ? `${list.count}` : `${visible.length} of ${list.count}`;
  expect(within(section).getByRole('heading').textContent).toBe(`${title} (${counts})`);
  if (state.matches({ ready: { [side]: 'fetching' } })) {
    expect(within(section).getByRole('status').textContent).toBe('Loading...');
    return;
  }
  const options = within(section).queryAllByRole('option');
  if (visible.length > 0) {
    // One Tab stop, pointing at a shown option (which one is the keyboard test's business: paths that differ
    // only in it share a state here).
    const listbox = within(section).getByRole('listbox');
    const active = document.getElementById(listbox.getAttribute('aria-activedescendant')!)?.textContent;
    expect(visible.map((row) => row.input)).toContain(active);
    expect(section.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  }
  expect(options.map((option) => option.textContent)).toEqual(visible.map((row) => row.input));
  expect(options.filter((option) => option.getAttribute('aria-selected') === 'true').map((o) => o.textContent)).toEqual(
    visible.filter((row) => list.selected.has(row.id)).map((row) => row.input),
  );
  if (visible.length === 0) {
    const empty = list.filter.trim() !== '' ? 'No matching entries' : side === 'included' ? 'No entries included' : 'No entries available';
    expect(within(section).getByText(empty)).toBeTruthy();
  }
  const action = within(section).getByRole('button', {
    name: new RegExp(`^${side === 'included' ? 'Remove' : 'Add'} Selected`),
  }) as HTMLButtonElement;
  expect(action.textContent).toBe(`${side === 'included' ? 'Remove' : 'Add'} Selected (${list.selected.size})`);
  expect(action.disabled).toBe(!state.can({ type: side === 'included' ? 'user.remove' : 'user.add' }));
}

function expectScreen(state: Snapshot) {
  if (state.matches('loadingDataset')) {
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  } else if (state.matches('notFound')) {
    expect(screen.getByRole('status').textContent).toBe('Dataset not found');
  } else if (state.matches('failed')) {
    expect(screen.getByRole('alert').textContent).toBe(`Failed to fetch the dataset. ${state.context.error}`);
  } else {
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sofas UK');
    expect(screen.getByText('Sofa queries')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/datasets');
    expect(screen.getByRole('button', { name: 'Upload entries' })).toBeTruthy();
    expect(screen.queryByRole('alert')?.textContent ?? null).toBe(state.context.error);
    expectList(state, 'included');
    expectList(state, 'available');
  }
}

const serialize = (state: Snapshot) =>
  JSON.stringify({
    value: state.value,
    lists: (['included', 'available'] as const).map((side) => {
      const list = state.context[side];
      return [list.rows.map((row) => row.id), list.filter, [...list.selected]];
    }),
    error: state.context.error,
  });

describe('dataset editor paths', () => {
  replayShortestPaths(datasetEditorMachine, {
    input: { datasetId: 7 },
    events: eventsFor,
    // Each state once per kind of event that reaches it: transition coverage without every interleaving.
    serializeState: (state, event, previous) => JSON.stringify({ to: serialize(state), by: event?.type, fromValue: previous?.value }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 302 },
    describeEvent: (event) =>
      event.type === 'user.toggle'
        ? `toggle ${event.side} ${event.id}`
        : event.type === 'user.focusMove'
          ? `shift+down ${event.side}`
          : event.type === 'user.selectAllMatching'
            ? `select all ${event.side}`
            : event.type === 'user.filter'
              ? `filter "${event.text}"`
              : event.type === 'reload'
                ? 'upload entries'
                : event.type,
    name: (_, route) => `via ${route || 'nothing'}`,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/datasets/7/edit', <DatasetEditorPage id={7} />);
      expect(services.last('findDataset').args).toEqual([7]);
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectInitialScreen: false,
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => services.calls('moveEntries'),
    afterStep({ event, previous }, services, saves) {
      if (event.type === 'user.add' || event.type === 'user.remove') {
        expect(services.calls('moveEntries')).toBe(saves + 1);
        expect(services.last('moveEntries').input).toEqual({
          datasetId: 7,
          direction: event.type === 'user.add' ? 'add' : 'remove',
          entryIds: [...previous.context[event.type === 'user.add' ? 'available' : 'included'].selected],
        });
      }
      if (event.type === 'reload') {
        // Every row into this dataset; inputs there already added unless the person ticks Skip.
        const [file, options] = services.last('uploadEntries').args as [File, { settings: unknown }];
        expect([file, options.settings]).toEqual([upload, { dataset: { id: 7, name: 'Sofas UK' }, skipExisting: false }]);
      }
      if (event.type === 'xstate.error.actor.saveMoves' || event.type === 'reload') {
        // Both lists reload from the server, unfiltered windows of ENTRY_WINDOW.
        expect(services.last('entryWindow', { side: 'included' }).input).toMatchObject({
          side: 'included',
          page: 1,
          pageSize: ENTRY_WINDOW,
        });
        expect(services.last('entryWindow', { side: 'available' }).input).toMatchObject({
          side: 'available',
          page: 1,
          pageSize: ENTRY_WINDOW,
        });
      }
    },
  });
});
