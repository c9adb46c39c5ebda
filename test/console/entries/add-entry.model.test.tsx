import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createEmptyActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { addEntryMachine } from '../../../src/machines/entries/add-entry.machine';
import type { DatasetEntry } from '../../../src/domain/evaluations/evaluation-service-types';
import { hasEntryInput } from '../../../src/domain/entries/entry-metadata';
import { DatasetEntriesPage } from '../../../src/views/entries/DatasetEntriesPage';
import { fakeDeps, type FakeDeps, type OutputOf } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the add-entry machine's shortest paths, replayed on the Dataset Entries screen.

afterEach(cleanup);

const entry: DatasetEntry = {
  id: 1,
  input: 'oak table',
  input_metadata: null,
  description: 'oak table',
  datasets: [],
  created_at: '2026-01-05T09:30:00Z',
  updated_at: '2026-01-05T09:30:00Z',
};
const sofas = { id: 1, name: 'Sofas' };
const tables = { id: 2, name: 'Tables' };

type Snapshot = SnapshotFrom<typeof addEntryMachine>;
type ModelEvent =
  | EventFromLogic<typeof addEntryMachine>
  | ActorDone<'createEntry', { id: number }>
  | ActorError<'createEntry', Error>
  | ActorDone<'linkDatasets', OutputOf<'linkEntryToDatasets'>>
  | ActorError<'linkDatasets', Error>;

const refused = new Error('body.input must not be blank');
const unknownDataset = new Error('Unknown datasets 1; nothing was linked');
const logic = addEntryMachine.provide({ actions: { sendReload: () => undefined } });

async function openPage() {
  const services = fakeDeps();
  renderWithLogic(services, '/dataset-entries', <DatasetEntriesPage />);
  await services.settle('listEntries', { output: { items: [entry], total: 1 } });
  await screen.findByRole('table');
  return services;
}

const dialog = () => screen.getByRole('dialog', { name: 'Add Dataset Entry' });
const inDialog = (name: string) => within(dialog()).getByRole('button', { name }) as HTMLButtonElement;
const field = (name: string) => within(dialog()).getByLabelText(name) as HTMLTextAreaElement;

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.open':
      fireEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
      // The picker loads every dataset when the dialog opens.
      return services.settle('datasetOptions', { output: [sofas, tables] });
    case 'user.cancel':
      return fireEvent.click(inDialog('Cancel'));
    case 'user.close':
      return fireEvent.click(inDialog('Close'));
    case 'user.changeInput':
      return fireEvent.change(field('Input*'), { target: { value: event.value } });
    case 'user.changeMetadata':
      return fireEvent.change(field('Metadata (JSON)'), { target: { value: event.value } });
    case 'picker.changed':
      fireEvent.click(within(dialog()).getByRole('button', { name: /Datasets/ }));
      return fireEvent.click(within(dialog()).getByRole('checkbox', { name: 'Sofas' }));
    case 'user.submit':
      return fireEvent.click(inDialog('Create Entry'));
    case 'xstate.done.actor.createEntry':
      return services.settle('createEntry', { output: { ...entry, id: event.output.id } });
    case 'xstate.error.actor.createEntry':
      return services.settle('createEntry', { error: event.error });
    case 'xstate.done.actor.linkDatasets':
      return services.settle('linkEntryToDatasets', { output: event.output });
    case 'xstate.error.actor.linkDatasets':
      return services.settle('linkEntryToDatasets', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  if (state.matches('closed')) {
    expect(screen.queryByRole('dialog')).toBeNull();
    return;
  }
  if (state.matches({ open: 'linkFailed' })) {
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      `The entry was created, but it could not be added to its datasets: ${state.context.error}`,
    );
    expect(inDialog('Close').disabled).toBe(false);
    return;
  }
  const { context } = state;
  const busy = state.hasTag('busy');
  expect(field('Input*').value).toBe(context.input);
  expect(field('Input*').rows).toBe(4);
  expect(field('Metadata (JSON)').value).toBe(context.metadata);
  expect(field('Metadata (JSON)').rows).toBe(8);
  expect(within(dialog()).getByText('Optional: Enter valid JSON for metadata')).toBeTruthy();
  expect(field('Input*').closest('fieldset')!.disabled).toBe(busy);
  const alerts = within(dialog())
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);
  expect(alerts).toEqual([context.metadataError, context.error].filter((text) => text !== null));
  const trigger = within(dialog()).getByRole('button', { name: /Datasets/ });
  expect(trigger.textContent).toContain(context.selectedDatasets.length > 0 ? '1 dataset(s) selected' : 'Select datasets...');
  const chips = within(dialog()).queryByRole('list', { name: 'Selected datasets' });
  expect(
    chips
      ? within(chips)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent)
      : [],
  ).toEqual(context.selectedDatasets.map((option) => `${option.name}×`));
  const submit = inDialog(busy ? 'Creating...' : 'Create Entry');
  expect(submit.disabled).toBe(busy || !hasEntryInput(context.input));
  expect(inDialog('Cancel').disabled).toBe(busy);
}

describe('Add Dataset Entry: add-entry paths', () => {
  replayShortestPaths(logic, {
    input: { reloadTarget: createEmptyActor() },
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open' },
        { type: 'user.cancel' },
        { type: 'user.close' },
        { type: 'user.changeInput', value: 'red sofa' },
        { type: 'user.changeInput', value: '   ' },
        { type: 'user.changeMetadata', value: '{bad' },
        { type: 'user.changeMetadata', value: '{"locale":"en"}' },
        ...(state.context.selectedDatasets.length === 0 ? ([{ type: 'picker.changed', selected: [sofas] }] satisfies ModelEvent[]) : []),
        { type: 'user.submit' },
        ...(state.matches({ open: 'creating' })
          ? ([
              { type: 'xstate.done.actor.createEntry', output: { id: 42 } },
              { type: 'xstate.error.actor.createEntry', error: refused },
            ] satisfies ModelEvent[])
          : []),
        ...(state.matches({ open: 'linking' })
          ? ([
              { type: 'xstate.done.actor.linkDatasets', output: { created: 1 } },
              { type: 'xstate.error.actor.linkDatasets', error: unknownDataset },
            ] satisfies ModelEvent[])
          : []),
      ]),
    serializeState: (state) => JSON.stringify({ value: state.value, context: state.context }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 41 },
    describeEvent: (event) => ('value' in event ? `${event.type}(${JSON.stringify(event.value)})` : event.type),
    setup: () => openPage(),
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => services.calls('listEntries'),
    afterStep({ event, state }, services, before) {
      if (event.type === 'user.submit' && state.matches({ open: 'creating' })) {
        // The dialog hands on the input and the parsed metadata.
        const { context } = state;
        expect(services.last('createEntry').input).toEqual({
          input: context.input.trim(),
          input_metadata: context.metadata === '{}' ? {} : { locale: 'en' },
        });
      }
      if (event.type === 'xstate.done.actor.createEntry' && state.matches({ open: 'linking' })) {
        expect(services.last('linkEntryToDatasets').args).toEqual([42, [1]]);
      }
      // Whenever an entry was created the list reloads (also when its datasets could not be linked).
      const created =
        (event.type === 'xstate.done.actor.createEntry' && state.matches('closed')) ||
        event.type === 'xstate.done.actor.linkDatasets' ||
        event.type === 'xstate.error.actor.linkDatasets';
      expect(services.calls('listEntries')).toBe(before + (created ? 1 : 0));
    },
  });

  it('refuses invalid JSON without a call, and clears the message on the next edit', async () => {
    const services = await openPage();
    await perform({ type: 'user.open' }, services);
    await perform({ type: 'user.changeInput', value: 'sofa' }, services);
    await perform({ type: 'user.changeMetadata', value: '{bad' }, services);
    await perform({ type: 'user.submit' }, services);
    expect(within(dialog()).getByRole('alert').textContent).toBe('Invalid JSON format');
    expect(services.calls('createEntry')).toBe(0);
    fireEvent.change(field('Metadata (JSON)'), { target: { value: '[1]' } });
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    await perform({ type: 'user.submit' }, services);
    expect(within(dialog()).getByRole('alert').textContent).toBe('Metadata must be a JSON object');
    expect(services.calls('createEntry')).toBe(0);
  });

  it('shows the picker’s loading and empty texts, and removes a chip by keyboard-reachable button', async () => {
    const services = await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    const trigger = within(dialog()).getByRole('button', { name: /Datasets/ });
    expect(trigger.textContent).toContain('Loading datasets...');
    fireEvent.click(trigger);
    expect(within(dialog()).getByText('Loading datasets...', { selector: 'p' })).toBeTruthy();
    await services.settle('datasetOptions', { output: [sofas, tables] });
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: 'Tables' }));
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: 'Sofas' }));
    expect(trigger.textContent).toContain('2 dataset(s) selected');
    fireEvent.keyDown(within(dialog()).getByRole('checkbox', { name: 'Sofas' }), { key: 'Escape' });
    expect(within(dialog()).queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove Tables' }));
    expect(trigger.textContent).toContain('1 dataset(s) selected');
    fireEvent.click(inDialog('Cancel'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    await services.settle('datasetOptions', { output: [] });
    expect(within(dialog()).getByRole('button', { name: /Datasets/ }).textContent).toContain('No datasets available');
  });
});
