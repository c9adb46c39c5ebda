import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createEmptyActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { confirmModalMachine } from '../../../src/machines/shared/confirm-modal.machine';
import { RefusalError } from '../../../src/domain/shared/error-message';
import { createDatasetMachine, isDatasetFormComplete } from '../../../src/machines/datasets/create-dataset.machine';
import type { Dataset, DatasetRow } from '../../../src/domain/evaluations/evaluation-service-types';
import { DatasetsPage } from '../../../src/views/datasets/DatasetsPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the confirm-modal machine's simple paths and the create-dataset machine's shortest ones, replayed on the Datasets screen.

afterEach(cleanup);

const datasets: DatasetRow[] = [1, 2, 3].map((id) => ({
  id,
  name: `Dataset ${id}`,
  description: `About ${id}`,
  created_at: '2026-01-05T09:30:00Z',
  updated_at: '2026-01-05T09:30:00Z',
  entry_count: id * 10,
}));

async function openDatasets() {
  const services = fakeDeps();
  renderWithLogic(services, '/datasets', <DatasetsPage />);
  await services.settle('listDatasets', { output: { items: datasets, total: 3 } });
  await screen.findByRole('table');
  return services;
}

const dialog = () => screen.queryByRole('dialog');
const inDialog = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name }) as HTMLButtonElement;

describe('Delete Dataset: confirm-modal paths', () => {
  type Snapshot = SnapshotFrom<typeof confirmModalMachine>;
  type ModelEvent =
    | EventFromLogic<typeof confirmModalMachine>
    | { type: 'xstate.done.actor.performAction' }
    // `why` tells the two failures apart: the graph keys events by their JSON, and an Error's is `{}`.
    | (ActorError<'performAction', Error> & { why: string });
  // The server's 409 (a refusal for good) and a failure worth trying again.
  const conflict = new RefusalError('Dataset "Dataset 2" cannot be deleted: the experiment "BM25 baseline" uses it.');
  const outage = new Error('The server answered 503 Service Unavailable');
  const logic = confirmModalMachine.provide({ actions: { sendReload: () => undefined } });

  async function perform(event: ModelEvent, services: FakeDeps) {
    if (event.type === 'user.open') fireEvent.click(screen.getByRole('button', { name: 'Delete Dataset 2' }));
    else if (event.type === 'user.cancel') fireEvent.click(inDialog('Cancel'));
    else if (event.type === 'user.confirm') fireEvent.click(inDialog('Delete'));
    else if (event.type === 'xstate.done.actor.performAction') await services.settle('deleteDataset', { output: undefined });
    else await services.settle('deleteDataset', { error: event.error });
  }

  function expectScreen(state: Snapshot) {
    if (state.matches('closed')) {
      expect(dialog()).toBeNull();
      return;
    }
    const modal = screen.getByRole('dialog', { name: 'Delete Dataset' });
    const alert = within(modal).queryByRole('alert');
    expect(alert?.textContent ?? null).toBe(state.context.error);
    if (state.matches('refused')) {
      // Only Cancel: asking again cannot change the answer.
      expect(
        within(modal)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Cancel']);
      expect(within(modal).queryByText(/Are you sure|cannot be undone/)).toBeNull();
      return;
    }
    expect(within(modal).getByText('Are you sure you want to delete the dataset "Dataset 2"?')).toBeTruthy();
    expect(within(modal).getByText('This action cannot be undone.')).toBeTruthy();
    const busy = state.matches('submitting');
    expect(inDialog(busy ? 'Deleting...' : 'Delete').disabled).toBe(busy);
    expect(inDialog('Cancel').disabled).toBe(busy);
  }

  replayShortestPaths(logic, {
    simplePaths: true,
    input: { reloadTarget: createEmptyActor() },
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open', subject: { id: 2, name: 'Dataset 2' } },
        { type: 'user.cancel' },
        { type: 'user.confirm' },
        ...(state.matches('submitting')
          ? ([
              { type: 'xstate.done.actor.performAction' },
              { type: 'xstate.error.actor.performAction', error: conflict, why: 'refused' },
              { type: 'xstate.error.actor.performAction', error: outage, why: 'unavailable' },
            ] satisfies ModelEvent[])
          : []),
      ]),
    serializeState: (state, event, previous) =>
      JSON.stringify({
        value: state.value,
        context: state.context,
        from: previous?.value,
        by: event?.type,
        error: event && 'error' in event ? event.error.message : undefined,
      }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 13 },
    describeEvent: (event) => (event.type === 'xstate.error.actor.performAction' ? `${event.type} (${event.error.message})` : event.type),
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    setup: () => openDatasets(),
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    afterStep({ event }, services) {
      if (event.type === 'user.confirm') expect(services.last('deleteDataset').args).toEqual([2]);
      if (event.type === 'xstate.done.actor.performAction') {
        // The list reloads after deletion.
        expect(services.calls('listDatasets')).toBe(2);
        expect(screen.getByRole('status').textContent).toBe('Loading...');
      }
    },
  });

  it('closes on Escape and gives focus back to the Delete button that opened it', async () => {
    await openDatasets();
    const opener = screen.getByRole('button', { name: 'Delete Dataset 3' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(inDialog('Cancel'));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', async () => {
    await openDatasets();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Dataset 3' }));
    inDialog('Delete').focus();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab' });
    expect(document.activeElement).toBe(inDialog('Cancel'));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(inDialog('Delete'));
  });
});

describe('Add New Dataset: create-dataset paths', () => {
  type Snapshot = SnapshotFrom<typeof createDatasetMachine>;
  type ModelEvent = EventFromLogic<typeof createDatasetMachine> | ActorDone<'createDataset', Dataset> | ActorError<'createDataset', Error>;
  const duplicate = new Error('A dataset named "Sofas" already exists');
  const created: Dataset = {
    id: 42,
    created_at: '2026-01-05T09:30:00Z',
    updated_at: '2026-01-05T09:30:00Z',
    name: 'Sofas',
    description: 'Sofa queries',
  };

  const field = (name: string) => within(screen.getByRole('dialog')).getByLabelText(name) as HTMLInputElement;
  /** A field's change names the field and its value: `user.change(name="  Sofas ")`. */
  const describeEvent = (event: ModelEvent) => {
    if (event.type !== 'user.change') return event.type;
    const [[name, value]] = Object.entries(event.fields);
    return `${event.type}(${name}=${JSON.stringify(value)})`;
  };

  async function perform(event: ModelEvent, services: FakeDeps) {
    switch (event.type) {
      case 'user.open':
        return fireEvent.click(screen.getByRole('button', { name: 'Add Dataset' }));
      case 'user.cancel':
        return fireEvent.click(inDialog('Cancel'));
      case 'user.change': {
        const [[name, value]] = Object.entries(event.fields);
        const label = { name: 'Name*', description: 'Description' }[name]!;
        return fireEvent.change(field(label), { target: { value } });
      }
      case 'user.submit':
        return fireEvent.click(inDialog('Create Dataset'));
      case 'xstate.done.actor.createDataset':
        return services.settle('createDataset', { output: event.output });
      case 'xstate.error.actor.createDataset':
        return services.settle('createDataset', { error: event.error });
    }
  }

  function expectScreen(state: Snapshot, services: FakeDeps, landed: boolean) {
    expect(services.currentPath()).toBe(landed ? '/datasets/42/edit' : '/datasets');
    if (state.matches('closed')) {
      expect(dialog()).toBeNull();
      return;
    }
    expect(screen.getByRole('dialog', { name: 'Add New Dataset' })).toBeTruthy();
    const { fields } = state.context;
    expect(field('Name*').value).toBe(fields.name);
    expect(field('Description').value).toBe(fields.description);
    const busy = state.matches('submitting');
    expect(field('Name*').closest('fieldset')!.disabled).toBe(busy);
    const submit = inDialog(busy ? 'Creating...' : 'Create Dataset');
    expect(submit.disabled).toBe(busy || !isDatasetFormComplete(fields));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')?.textContent ?? null).toBe(state.context.failure);
  }

  replayShortestPaths(createDatasetMachine, {
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open' },
        { type: 'user.cancel' },
        { type: 'user.change', fields: { name: '  Sofas ' } },
        { type: 'user.change', fields: { name: '   ' } },
        { type: 'user.change', fields: { description: 'Sofa queries' } },
        { type: 'user.submit' },
        ...(state.matches('submitting')
          ? ([
              { type: 'xstate.done.actor.createDataset', output: created },
              { type: 'xstate.error.actor.createDataset', error: duplicate },
            ] satisfies ModelEvent[])
          : []),
      ]),
    // What the server last took (`sent`) is not shown by this dialog: states that differ only there are one.
    serializeState: (state, event, previous) =>
      JSON.stringify({ value: state.value, context: { ...state.context, sent: null }, from: previous?.value, by: event }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 14 },
    describeEvent,
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    setup: async () => ({ services: await openDatasets(), landed: false }),
    perform: (event, { services }) => perform(event, services),
    expectScreen: (state, { services, landed }) => expectScreen(state, services, landed),
    afterPerform({ event, state }, page) {
      if (event.type === 'user.submit') {
        // Both fields are sent trimmed; a name alone is enough (the description may stay empty).
        const description = state.context.fields.description.trim();
        expect(page.services.last('createDataset').input).toEqual({ name: 'Sofas', description });
      }
      if (event.type === 'xstate.done.actor.createDataset') page.landed = true;
    },
  });
});
