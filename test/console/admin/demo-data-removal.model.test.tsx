import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SnapshotFrom } from 'xstate';
import { demoDataRemovalMachine } from '../../../src/machines/admin/demo-data-removal.machine';
import type { DemoDataState, DemoRemoval } from '../../../src/domain/demo/demo-data';
import { RefusalError } from '../../../src/domain/shared/error-message';
import { DemoDataPanel } from '../../../src/views/admin/DemoDataPanel';
import { DashboardPage } from '../../../src/views/dashboard/DashboardPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: every shortest path of the real demo data removal machine, replayed on the dashboard's Demo data
// panel. The panel shows what demo data is left and offers its removal behind a confirmation; Cancel closes it;
// the server's 409 (a run or a person's experiments use the demo data) is said in the dialog, which then only
// closes; another failure is said there to try again; a removal says what went and what was kept. No demo
// data, nothing shown; a failed look says so with Try again.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof demoDataRemovalMachine>;
type ModelEvent =
  | { type: 'user.retry' | 'user.open' | 'user.cancel' | 'user.confirm' }
  | ActorDone<'fetchState', DemoDataState>
  | ActorError<'fetchState', Error>
  | ActorDone<'removeDemoData', DemoRemoval>
  | ActorError<'removeDemoData', Error>;

const counts = {
  datasets: 7,
  entries: 480,
  evaluation_scripts: 2,
  experiments: 6,
  runs: 9,
  golden_sets: 3,
  judgements: 4_000,
  products: 2_400,
};
const present: DemoDataState = { present: true, counts, seeds_empty_database: true };
const absent: DemoDataState = {
  present: false,
  counts: {
    ...counts,
    datasets: 0,
    entries: 0,
    experiments: 0,
    runs: 0,
    golden_sets: 0,
    evaluation_scripts: 0,
    judgements: 0,
    products: 0,
  },
  seeds_empty_database: true,
};
const removal: DemoRemoval = { removed: { ...counts, datasets: 6, entries: 470 }, kept: { datasets: 1, entries: 10 } };
const lookFailure = new Error('The server could not be reached. Please try again.');
const refusal = new RefusalError(
  'The demo data cannot be removed while runs use it: run 12 of "Built-in search · WANDS US golden set" (pending). Cancel it or let it end first.',
);
const failure = new Error('Injected failure');

function eventsFor(state: Snapshot): ModelEvent[] {
  const events: ModelEvent[] = [{ type: 'user.retry' }, { type: 'user.open' }, { type: 'user.cancel' }, { type: 'user.confirm' }];
  if (state.matches('loading')) {
    events.push(
      { type: 'xstate.done.actor.fetchState', output: present },
      { type: 'xstate.done.actor.fetchState', output: absent },
      { type: 'xstate.error.actor.fetchState', error: lookFailure },
    );
  }
  if (state.matches('removing')) {
    events.push(
      { type: 'xstate.done.actor.removeDemoData', output: removal },
      { type: 'xstate.error.actor.removeDemoData', error: refusal },
      { type: 'xstate.error.actor.removeDemoData', error: failure },
    );
  }
  return possibleEvents(state, events);
}

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case 'xstate.done.actor.fetchState':
      return event.output.present ? 'present' : 'absent';
    case 'xstate.error.actor.fetchState':
      return 'look failed';
    case 'xstate.done.actor.removeDemoData':
      return 'removed';
    case 'xstate.error.actor.removeDemoData':
      return event.error instanceof RefusalError ? 'refused' : 'failed';
    default:
      return event.type;
  }
}

const dialog = () => screen.getByRole('dialog', { name: 'Remove demo data' });

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Remove demo data' }));
    case 'user.cancel':
      return fireEvent.click(within(dialog()).getByRole('button', { name: /^(Cancel|Close)$/ }));
    case 'user.confirm':
      return fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove demo data' }));
    case 'xstate.done.actor.fetchState':
      return services.settle('demoDataState', { output: event.output });
    case 'xstate.error.actor.fetchState':
      return services.settle('demoDataState', { error: event.error });
    case 'xstate.done.actor.removeDemoData':
      return services.settle('removeDemoData', { output: event.output });
    case 'xstate.error.actor.removeDemoData':
      return services.settle('removeDemoData', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  const panel = screen.queryByRole('region', { name: 'Demo data' });
  expect(panel !== null).toBe(state.hasTag('present'));
  if (panel) {
    expect(panel.textContent).toContain(
      'The demo data is still here: 7 datasets · 480 entries · 2 evaluation scripts · 6 experiments · 9 runs · 3 golden sets · 4,000 judgements · 2,400 products.',
    );
  }
  const open = screen.queryByRole('dialog', { name: 'Remove demo data' });
  expect(open !== null).toBe(state.hasTag('dialogOpen'));
  if (open) {
    const buttons = within(open).getAllByRole('button');
    if (state.matches('refused')) {
      // Only Close is left: trying again cannot change the refusal.
      expect(buttons.map((button) => button.textContent)).toEqual(['Close']);
      expect(within(open).getByRole('alert').textContent).toBe(refusal.message);
    } else {
      const removing = state.matches('removing');
      expect(buttons.map((button) => [button.textContent, (button as HTMLButtonElement).disabled])).toEqual([
        ['Cancel', removing],
        [removing ? 'Removing...' : 'Remove demo data', removing],
      ]);
      expect(within(open).queryByRole('alert')?.textContent ?? null).toBe(state.context.error);
    }
  }
  const done = screen.queryByRole('region', { name: 'Demo data removed' });
  expect(done !== null).toBe(state.matches('removed'));
  if (done) {
    expect(within(done).getByRole('status').textContent).toBe(
      'Removed 6 datasets · 470 entries · 2 evaluation scripts · 6 experiments · 9 runs · 3 golden sets · 4,000 judgements · 2,400 products. ' +
        'Kept 1 dataset · 10 entries that your own rows hold, as ordinary rows.',
    );
  }
  const lookFailed = state.matches('loadFailed');
  expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(lookFailed);
  if (lookFailed) expect(screen.getByRole('alert').textContent).toBe(`Could not tell whether demo data is present. ${lookFailure.message}`);
}

describe('removing the demo data from the dashboard', () => {
  replayShortestPaths(demoDataRemovalMachine, {
    events: eventsFor,
    // Each state as each event reaches it from each state: Cancel, Close after a refusal and Try again are paths of their own.
    serializeState: (state, event, previous) =>
      JSON.stringify({ value: state.value, error: state.context.error, by: event && describeEvent(event), from: previous?.value }),
    // Errors are no JSON: a refusal and a failure are told apart by name.
    serializeEvent: describeEvent,
    paths: { atLeast: 13 },
    describeEvent,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/', <DemoDataPanel />);
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    afterPath(path, services) {
      // The removal is asked only once a person confirmed it, once per confirmation.
      const confirmations = path.steps.filter(({ event }) => event.type === 'user.confirm').length;
      expect(services.calls('removeDemoData')).toBe(confirmations);
    },
  });
});

describe('who is offered the removal', () => {
  it.each(['viewer', 'curator'] as const)('a %s sees no panel on the dashboard, and nothing is asked of the server', (role) => {
    const services = fakeDeps();
    renderWithLogic(services, '/', <DashboardPage />, { role });
    expect(screen.queryByRole('region', { name: 'Demo data' })).toBeNull();
    expect(services.calls('demoDataState')).toBe(0);
  });

  it('an admin sees it on the dashboard while demo data is present', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/', <DashboardPage />);
    await services.settle('demoDataState', { output: present });
    expect(screen.getByRole('region', { name: 'Demo data' })).toBeTruthy();
  });
});
