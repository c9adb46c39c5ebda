import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { entryEditorMachine } from '../../../src/machines/entries/entry-editor.machine';
import type { DatasetEntry } from '../../../src/domain/evaluations/evaluation-service-types';
import { hasEntryInput } from '../../../src/domain/entries/entry-metadata';
import { formatDateTime } from '../../../src/domain/shared/format-date';
import { EntryEditorPage } from '../../../src/views/entries/EntryEditorPage';
import { fakeDeps, type FakeDeps, type OutputOf } from '../helpers/fake-deps';
import { renderRoute, renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the entry-editor machine's shortest paths (with the dataset-link diff's input), replayed on
// /dataset-entries/7/edit.

afterEach(cleanup);

const sofas = { id: 1, name: 'Sofas' };
const tables = { id: 2, name: 'Tables' };
const entry: DatasetEntry = {
  id: 7,
  input: 'red velvet sofa',
  input_metadata: { locale: 'en' },
  description: 'red velvet sofa',
  datasets: [sofas],
  created_at: '2026-01-05T09:30:00Z',
  updated_at: '2026-02-06T10:45:00Z',
};

type Snapshot = SnapshotFrom<typeof entryEditorMachine>;
type ModelEvent =
  | EventFromLogic<typeof entryEditorMachine>
  | ActorDone<'fetchEntry', DatasetEntry | null>
  | ActorError<'fetchEntry', Error>
  | ActorDone<'saveEntry', OutputOf<'updateEntry'>>
  | ActorError<'saveEntry', Error>
  | ActorDone<'saveLinks', OutputOf<'saveEntryLinks'>>
  | ActorError<'saveLinks', Error>;

const unreachable = new Error('The server could not be reached. Please try again.');
const refused = new Error('Unknown datasets 2; nothing was linked');
const logic = entryEditorMachine.provide({ actions: { goBack: () => undefined } });
const has = (state: Snapshot, id: number) => state.context.selectedDatasets.some((option) => option.id === id);
// Text edits and dataset choices vary apart (text with the loaded datasets, datasets with the loaded text),
// which keeps the paths to the ones that tell something.
const textPristine = (state: Snapshot) => state.context.input === entry.input && state.context.metadata === '{\n  "locale": "en"\n}';
const datasetsPristine = (state: Snapshot) => state.context.selectedDatasets.length === 1 && has(state, 1);

async function perform(event: ModelEvent, services: FakeDeps, previous: Snapshot) {
  switch (event.type) {
    case 'user.changeInput':
      return fireEvent.change(screen.getByLabelText('Input*'), { target: { value: event.value } });
    case 'user.changeMetadata':
      return fireEvent.change(screen.getByLabelText('Metadata (JSON)'), { target: { value: event.value } });
    case 'picker.changed': {
      if (event.selected.some((option) => option.id === 2) && !has(previous, 2)) {
        if (!screen.queryByRole('checkbox')) fireEvent.click(screen.getByRole('button', { name: /Datasets/ }));
        return fireEvent.click(screen.getByRole('checkbox', { name: 'Tables' }));
      }
      return fireEvent.click(screen.getByRole('button', { name: 'Remove Sofas' }));
    }
    case 'user.submit':
      return fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    case 'user.cancel':
      return fireEvent.click(screen.getByRole('button', { name: screen.queryByRole('button', { name: 'Back' }) ? 'Back' : 'Cancel' }));
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'xstate.done.actor.fetchEntry':
      await services.settle('findEntry', { output: event.output });
      // The picker loads every dataset once the entry is shown.
      if (event.output) await services.settle('datasetOptions', { output: [sofas, tables] });
      return;
    case 'xstate.error.actor.fetchEntry':
      return services.settle('findEntry', { error: event.error });
    case 'xstate.done.actor.saveEntry':
      return services.settle('updateEntry', { output: event.output });
    case 'xstate.error.actor.saveEntry':
      return services.settle('updateEntry', { error: event.error });
    case 'xstate.done.actor.saveLinks':
      return services.settle('saveEntryLinks', { output: event.output });
    case 'xstate.error.actor.saveLinks':
      return services.settle('saveEntryLinks', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  if (state.matches('loading')) {
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    return;
  }
  if (state.matches('notFound')) {
    expect(screen.getByRole('status').textContent).toBe('Dataset entry not found');
    return;
  }
  if (state.matches('failed')) {
    expect(screen.getByRole('alert').textContent).toBe(`Failed to fetch the dataset entry. ${unreachable.message}`);
    return;
  }
  if (state.matches('saved')) {
    // Saved: the editor has gone back (the route unmounts it); until then nothing can be sent twice.
    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
    return;
  }
  const { context } = state;
  const busy = state.hasTag('saving');
  expect(screen.getByText('ID: 7')).toBeTruthy();
  expect((screen.getByLabelText('Input*') as HTMLTextAreaElement).value).toBe(context.input);
  expect((screen.getByLabelText('Metadata (JSON)') as HTMLTextAreaElement).value).toBe(context.metadata);
  expect(screen.getByText(formatDateTime(entry.created_at))).toBeTruthy();
  expect(screen.getByText(formatDateTime(entry.updated_at))).toBeTruthy();
  expect((screen.getByLabelText('Input*') as HTMLTextAreaElement).closest('fieldset')!.disabled).toBe(busy);
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  expect(alerts).toEqual([context.metadataError, context.error].filter((text) => text !== null));
  const chips = screen.queryByRole('list', { name: 'Selected datasets' });
  expect(
    chips
      ? within(chips)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent)
      : [],
  ).toEqual(context.selectedDatasets.map((option) => `${option.name}×`));
  const count = context.selectedDatasets.length;
  expect(screen.getByRole('button', { name: /Datasets/ }).textContent).toContain(
    count > 0 ? `${count} dataset(s) selected` : 'Select datasets...',
  );
  const save = screen.getByRole('button', { name: busy ? 'Saving...' : 'Save Changes' }) as HTMLButtonElement;
  expect(save.disabled).toBe(busy || !hasEntryInput(context.input));
}

describe('Edit dataset entry: entry-editor paths', () => {
  replayShortestPaths(logic, {
    input: { entryId: 7 },
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        ...(datasetsPristine(state)
          ? ([
              { type: 'user.changeInput', value: 'sofa bed' },
              { type: 'user.changeInput', value: '  ' },
              { type: 'user.changeMetadata', value: '{bad' },
            ] satisfies ModelEvent[])
          : []),
        ...(textPristine(state) && !has(state, 2)
          ? ([{ type: 'picker.changed', selected: [...state.context.selectedDatasets, tables] }] satisfies ModelEvent[])
          : []),
        ...(textPristine(state) && has(state, 1)
          ? ([{ type: 'picker.changed', selected: state.context.selectedDatasets.filter((o) => o.id !== 1) }] satisfies ModelEvent[])
          : []),
        { type: 'user.submit' },
        { type: 'user.cancel' },
        { type: 'user.retry' },
        ...(state.matches('loading')
          ? ([
              { type: 'xstate.done.actor.fetchEntry', output: entry },
              { type: 'xstate.done.actor.fetchEntry', output: null },
              { type: 'xstate.error.actor.fetchEntry', error: unreachable },
            ] satisfies ModelEvent[])
          : []),
        ...(state.matches({ ready: 'saving' })
          ? ([
              { type: 'xstate.done.actor.saveEntry', output: entry },
              { type: 'xstate.error.actor.saveEntry', error: unreachable },
            ] satisfies ModelEvent[])
          : []),
        ...(state.matches({ ready: 'linking' })
          ? ([
              { type: 'xstate.done.actor.saveLinks', output: { added: [2], removed: [] } },
              { type: 'xstate.error.actor.saveLinks', error: refused },
            ] satisfies ModelEvent[])
          : []),
      ]),
    serializeState: (state) => JSON.stringify({ value: state.value, context: state.context }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 72 },
    describeEvent(event) {
      if ('value' in event) return `${event.type}(${JSON.stringify(event.value)})`;
      if ('selected' in event) return `${event.type}(${event.selected.map((option) => option.name).join('+') || 'none'})`;
      if (event.type === 'xstate.done.actor.fetchEntry') return `${event.type}(${event.output ? 'entry' : 'null'})`;
      return event.type;
    },
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/dataset-entries/7/edit', <EntryEditorPage id={7} />);
      expect(services.last('findEntry').args).toEqual([7]);
      return { services, back: 0 };
    },
    perform: (event, { services }, { previous }) => perform(event, services, previous),
    expectScreen: (state) => expectScreen(state),
    afterStep({ event, state }, editor) {
      const { services } = editor;
      if (event.type === 'user.submit' && state.matches({ ready: 'saving' })) {
        expect(services.last('updateEntry').args).toEqual([7, { input: state.context.input.trim(), input_metadata: { locale: 'en' } }]);
      }
      if (event.type === 'xstate.done.actor.saveEntry') {
        // The link diff's two sides: the links loaded with the entry and the ones chosen now.
        expect(services.last('saveEntryLinks').args).toEqual([7, [1], state.context.selectedDatasets.map((option) => option.id)]);
      }
      if (event.type === 'user.cancel' || event.type === 'xstate.done.actor.saveLinks') editor.back += 1;
      expect(services.wentBack()).toBe(editor.back);
    },
  });

  it('treats an id that is not a number as missing, without a call', async () => {
    const services = fakeDeps();
    renderRoute(services, '/dataset-entries/abc/edit');
    expect((await screen.findByRole('status')).textContent).toBe('Dataset entry not found');
    expect(services.calls('findEntry')).toBe(0);
  });
});
