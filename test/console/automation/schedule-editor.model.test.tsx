import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { scheduleEditorMachine } from '../../../src/machines/automation/schedule-editor.machine';
import type { Schedule } from '../../../src/domain/automation/automation-types';
import { formatDateTime } from '../../../src/domain/shared/format-date';
import { SchedulePanel } from '../../../src/views/automation/SchedulePanel';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: an experiment's Schedule panel — loaded (or failing, and asked again), its cron typed (the
// server's next runs shown under it, or its reason for refusing the text) or cleared, switched on or off, and
// saved (the answer's last and next run shown, or the server's refusal). Every shortest path, replayed on the
// panel: what the box, the switch, the hint and the facts say, and what the PUT sends.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof scheduleEditorMachine>;
type ModelEvent =
  | EventFromLogic<typeof scheduleEditorMachine>
  | ActorDone<'fetchSchedule', Schedule>
  | ActorError<'fetchSchedule', Error>
  | ActorDone<'fetchNextRuns', string[]>
  | ActorError<'fetchNextRuns', Error>
  | ActorDone<'saveSchedule', Schedule>
  | ActorError<'saveSchedule', Error>;

const CRON = '0 6 * * 1-5';
const NEXT_RUNS = ['2026-12-01T06:00:00.000Z', '2026-12-02T06:00:00.000Z', '2026-12-03T06:00:00.000Z'];
const NONE: Schedule = { cron: null, enabled: false, last_run_at: null, last_run_id: null, last_error: null, next_run_at: null };
const SAVED: Schedule = { ...NONE, cron: CRON, enabled: true, next_run_at: NEXT_RUNS[0] };
const CRON_REFUSAL = 'querystring.cron: Constraint error, got value 61 expected range 0-59';
const SAVE_REFUSAL = 'body.cron: must have five fields';

function eventsFor(state: Snapshot): ModelEvent[] {
  const candidates: Array<EventFromLogic<typeof scheduleEditorMachine>> = [
    { type: 'user.cronChanged', cron: CRON },
    { type: 'user.cronChanged', cron: '' },
    { type: 'user.enabledToggled' },
    { type: 'user.save' },
    { type: 'user.retry' },
  ];
  // The box already holding the text fires no change.
  const events: ModelEvent[] = candidates.filter(
    (event) => state.can(event) && !(event.type === 'user.cronChanged' && event.cron === state.context.draft.cron),
  );
  if (state.matches('loading'))
    events.push(
      { type: 'xstate.done.actor.fetchSchedule', output: NONE },
      { type: 'xstate.error.actor.fetchSchedule', error: new Error('The schedule could not be loaded.') },
    );
  if (state.matches({ ready: 'checking' }))
    events.push(
      { type: 'xstate.done.actor.fetchNextRuns', output: NEXT_RUNS },
      { type: 'xstate.error.actor.fetchNextRuns', error: new Error(CRON_REFUSAL) },
    );
  if (state.matches('saving'))
    events.push(
      { type: 'xstate.done.actor.saveSchedule', output: SAVED },
      { type: 'xstate.error.actor.saveSchedule', error: new Error(SAVE_REFUSAL) },
    );
  return events;
}

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case 'user.cronChanged':
      return event.cron === '' ? 'cron cleared' : 'cron typed';
    case 'xstate.done.actor.fetchSchedule':
      return 'loaded';
    case 'xstate.error.actor.fetchSchedule':
      return 'load failed';
    case 'xstate.done.actor.fetchNextRuns':
      return 'next runs';
    case 'xstate.error.actor.fetchNextRuns':
      return 'cron refused';
    case 'xstate.done.actor.saveSchedule':
      return 'saved';
    case 'xstate.error.actor.saveSchedule':
      return 'save refused';
    default:
      return event.type.replace('user.', '');
  }
}

const panel = () => within(screen.getByRole('region', { name: 'Schedule' }));

function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.cronChanged':
      return fireEvent.change(panel().getByRole('textbox', { name: 'Cron (UTC)' }), { target: { value: event.cron } });
    case 'user.enabledToggled':
      return fireEvent.click(panel().getByRole('switch', { name: 'On' }));
    case 'user.save':
      return fireEvent.click(panel().getByRole('button', { name: 'Save schedule' }));
    case 'user.retry':
      return fireEvent.click(panel().getByRole('button', { name: 'Try again' }));
    case 'xstate.done.actor.fetchSchedule':
      return services.settle('schedule', { output: event.output });
    case 'xstate.error.actor.fetchSchedule':
      return services.settle('schedule', { error: event.error });
    case 'xstate.done.actor.fetchNextRuns':
      return services.settle('nextRuns', { output: event.output });
    case 'xstate.error.actor.fetchNextRuns':
      return services.settle('nextRuns', { error: event.error });
    case 'xstate.done.actor.saveSchedule':
      return services.settle('saveSchedule', { output: event.output });
    case 'xstate.error.actor.saveSchedule':
      return services.settle('saveSchedule', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  if (state.matches('loading')) return expect(panel().getByText('Loading...')).toBeTruthy();
  if (state.matches('failed')) return expect(panel().getByRole('alert').textContent).toBe('The schedule could not be loaded.');
  const { draft, saved, nextRuns, cronProblem, error, notice } = state.context;
  expect((panel().getByRole('textbox', { name: 'Cron (UTC)' }) as HTMLInputElement).value).toBe(draft.cron);
  expect((panel().getByRole('switch', { name: 'On' }) as HTMLInputElement).checked).toBe(draft.enabled);
  const save = panel().getByRole('button', { name: state.matches('saving') ? 'Saving...' : 'Save schedule' }) as HTMLButtonElement;
  // Nothing to save without a cron, nor while the save is under way.
  expect(save.disabled).toBe(state.matches('saving') || draft.cron.trim() === '');
  const hint = panel().getByText(/^(Next runs|Five fields|querystring\.cron)/);
  if (cronProblem) expect(hint.textContent).toBe(CRON_REFUSAL);
  else if (nextRuns) expect(hint.textContent).toBe(`Next runs (your time): ${NEXT_RUNS.map(formatDateTime).join(' · ')}`);
  else expect(hint.textContent).toMatch(/^Five fields in UTC/);
  expect(panel().getByText(/^Last run:/).textContent).toBe('Last run: never');
  expect(panel().getByText(/^Next run:/).textContent).toBe(
    `Next run: ${saved?.next_run_at ? formatDateTime(saved.next_run_at) : 'none (off)'}`,
  );
  const alerts = panel()
    .queryAllByRole('alert')
    .map((node) => node.textContent);
  expect(alerts).toEqual(error ? [error] : []);
  expect(panel().queryByRole('status')?.textContent ?? null).toBe(notice);
}

const serializeState = (state: Snapshot) =>
  JSON.stringify({
    value: state.value,
    draft: state.context.draft,
    next: state.context.nextRuns !== null,
    problem: state.context.cronProblem !== null,
    error: state.context.error,
    saved: state.context.saved?.cron ?? null,
  });

describe('schedule panel: paths over loading, typing, switching and saving', () => {
  replayShortestPaths(scheduleEditorMachine, {
    input: { experimentId: 7 },
    events: eventsFor,
    serializeState,
    paths: { exactly: 53 },
    describeEvent,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/experiment-runs/7', <SchedulePanel experimentId={7} />);
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => ({ saves: services.calls('saveSchedule'), checks: services.calls('nextRuns') }),
    afterStep({ event, state }, services, before) {
      if (event.type === 'user.save') {
        expect(services.calls('saveSchedule')).toBe(before.saves + 1);
        expect(services.last('saveSchedule').args).toEqual([7, state.context.draft]);
      }
      // Each cron typed is checked by the server; a cleared box asks nothing.
      if (event.type === 'user.cronChanged') {
        expect(services.calls('nextRuns')).toBe(before.checks + (event.cron === '' ? 0 : 1));
        if (event.cron !== '') expect(services.last('nextRuns').args).toEqual([event.cron]);
      }
    },
  });
});
