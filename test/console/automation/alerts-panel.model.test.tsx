import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { alertsPanelMachine } from '../../../src/machines/automation/alerts-panel.machine';
import type { Alert, Delivery } from '../../../src/domain/automation/automation-types';
import { AlertsPanel } from '../../../src/views/automation/AlertsPanel';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: an experiment's Alerts panel — the rules loaded (or failing, and asked again); one added from
// the dialog (refused with the server's sentence naming the field, which keeps the dialog; or cancelled);
// one deleted after Delete is confirmed; one rule's deliveries shown, a failed one with its code and error.
// Every shortest path, replayed on the panel, with what each call sends.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof alertsPanelMachine>;
type ModelEvent =
  | EventFromLogic<typeof alertsPanelMachine>
  | ActorDone<'fetchAlerts', Alert[]>
  | ActorError<'fetchAlerts', Error>
  | ActorDone<'createAlert', Alert>
  | ActorError<'createAlert', Error>
  | ActorDone<'deleteAlert', void>
  | ActorError<'deleteAlert', Error>
  | ActorDone<'fetchDeliveries', Delivery[]>
  | ActorError<'fetchDeliveries', Error>;

const ALERT: Alert = {
  id: 3,
  experiment_id: 7,
  rule: 'ndcg@10:0.01',
  webhook_url: 'https://hooks.slack.com/services/{env:ALERT_WEBHOOK_SLACK}',
  on_failure: true,
  baseline: null,
  created_by: 'Ada',
  created_at: '2026-11-28T07:00:00.000Z',
};
const FAILED: Delivery = {
  id: 9,
  run_id: 42,
  kind: 'regression',
  status: 'failed',
  attempts: 4,
  response_code: 500,
  error: 'The webhook answered HTTP 500 Internal Server Error',
  created_at: '2026-11-28T07:01:00.000Z',
  updated_at: '2026-11-28T07:01:30.000Z',
};
const REFUSAL = 'body.webhook_url: host example.org is not in ALERT_WEBHOOK_HOSTS (hooks.slack.com)';

function eventsFor(state: Snapshot): ModelEvent[] {
  const candidates: Array<EventFromLogic<typeof alertsPanelMachine>> = [
    { type: 'user.openAdd' },
    { type: 'user.ruleChanged', rule: 'recall@10:0.02' },
    { type: 'user.webhookChanged', webhookUrl: 'https://example.org/hook' },
    { type: 'user.onFailureToggled' },
    { type: 'user.submit' },
    { type: 'user.cancel' },
    { type: 'user.delete', alertId: ALERT.id },
    { type: 'user.confirmDelete' },
    { type: 'user.showDeliveries', alertId: ALERT.id },
    { type: 'user.retry' },
  ];
  const { draft, alerts } = state.context;
  const events: ModelEvent[] = candidates.filter(
    (event) =>
      state.can(event) &&
      // A field already holding the text fires no change; the buttons of a rule need the rule listed.
      !(event.type === 'user.ruleChanged' && draft.rule === event.rule) &&
      !(event.type === 'user.webhookChanged' && draft.webhook_url === event.webhookUrl) &&
      !((event.type === 'user.delete' || event.type === 'user.showDeliveries') && alerts.length === 0),
  );
  if (state.matches('loading'))
    events.push(
      { type: 'xstate.done.actor.fetchAlerts', output: [ALERT] },
      { type: 'xstate.error.actor.fetchAlerts', error: new Error('The alerts could not be loaded.') },
    );
  if (state.matches('creating'))
    events.push(
      { type: 'xstate.done.actor.createAlert', output: { ...ALERT, id: 4 } },
      { type: 'xstate.error.actor.createAlert', error: new Error(REFUSAL) },
    );
  if (state.matches('deleting'))
    events.push(
      { type: 'xstate.done.actor.deleteAlert', output: undefined },
      { type: 'xstate.error.actor.deleteAlert', error: new Error('Alert 3 not found') },
    );
  if (state.matches('loadingDeliveries'))
    events.push(
      { type: 'xstate.done.actor.fetchDeliveries', output: [FAILED] },
      { type: 'xstate.error.actor.fetchDeliveries', error: new Error('The deliveries could not be loaded.') },
    );
  return events;
}

function describeEvent(event: ModelEvent): string {
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice('xstate.done.actor.'.length)} done`;
  if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice('xstate.error.actor.'.length)} failed`;
  return event.type.replace('user.', '');
}

const panel = () => within(screen.getByRole('region', { name: 'Alerts' }));
const dialog = (name: string) => within(screen.getByRole('dialog', { name }));

function perform(event: ModelEvent, services: FakeDeps, state: Snapshot) {
  switch (event.type) {
    case 'user.openAdd':
      return fireEvent.click(panel().getByRole('button', { name: 'Add alert' }));
    case 'user.ruleChanged':
      return fireEvent.change(dialog('Add alert').getByRole('textbox', { name: 'Rule' }), { target: { value: event.rule } });
    case 'user.webhookChanged':
      return fireEvent.change(dialog('Add alert').getByRole('textbox', { name: 'Webhook URL' }), { target: { value: event.webhookUrl } });
    case 'user.onFailureToggled':
      return fireEvent.click(dialog('Add alert').getByRole('checkbox', { name: /^Also tell it when a scheduled run fails/ }));
    case 'user.submit':
      return fireEvent.click(dialog('Add alert').getByRole('button', { name: 'Add alert' }));
    case 'user.cancel':
      return fireEvent.click(dialog(state.matches('adding') ? 'Add alert' : 'Delete alert').getByRole('button', { name: 'Cancel' }));
    case 'user.delete':
      return fireEvent.click(panel().getByRole('button', { name: `Delete alert ${ALERT.rule}` }));
    case 'user.confirmDelete':
      return fireEvent.click(dialog('Delete alert').getByRole('button', { name: 'Delete' }));
    case 'user.showDeliveries':
      return fireEvent.click(panel().getByRole('button', { name: 'Deliveries' }));
    case 'user.retry':
      return fireEvent.click(panel().getByRole('button', { name: 'Try again' }));
    case 'xstate.done.actor.fetchAlerts':
      return services.settle('alerts', { output: event.output });
    case 'xstate.error.actor.fetchAlerts':
      return services.settle('alerts', { error: event.error });
    case 'xstate.done.actor.createAlert':
      return services.settle('createAlert', { output: event.output });
    case 'xstate.error.actor.createAlert':
      return services.settle('createAlert', { error: event.error });
    case 'xstate.done.actor.deleteAlert':
      return services.settle('deleteAlert', { output: undefined });
    case 'xstate.error.actor.deleteAlert':
      return services.settle('deleteAlert', { error: event.error });
    case 'xstate.done.actor.fetchDeliveries':
      return services.settle('deliveries', { output: { items: event.output, total: event.output.length } });
    case 'xstate.error.actor.fetchDeliveries':
      return services.settle('deliveries', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  const { alerts, draft, error, deliveriesOf, deliveries } = state.context;
  if (state.matches('loading')) return expect(panel().getByText('Loading...')).toBeTruthy();
  if (state.matches('failed')) return expect(panel().getByRole('alert').textContent).toBe('The alerts could not be loaded.');
  if (alerts.length === 0) expect(panel().getByRole('status').textContent).toMatch(/^No alerts/);
  else {
    const rows = within(panel().getByRole('table', { name: 'Alert rules' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([[ALERT.rule, ALERT.webhook_url, 'Yes', 'Previous scheduled run']]);
  }
  const adding = state.hasTag('dialog');
  if (adding) {
    const form = dialog('Add alert');
    expect((form.getByRole('textbox', { name: 'Rule' }) as HTMLInputElement).value).toBe(draft.rule);
    expect((form.getByRole('textbox', { name: 'Webhook URL' }) as HTMLInputElement).value).toBe(draft.webhook_url);
    expect((form.getByRole('checkbox', { name: /^Also tell it/ }) as HTMLInputElement).checked).toBe(draft.on_failure);
    const submit = form.getByRole('button', { name: state.matches('creating') ? 'Adding...' : 'Add alert' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(state.matches('creating') || draft.rule === '' || draft.webhook_url === '');
    expect(form.queryByRole('alert')?.textContent ?? null).toBe(error);
  } else {
    expect(screen.queryByRole('dialog', { name: 'Add alert' })).toBeNull();
    expect(panel().queryByRole('alert')?.textContent ?? null).toBe(error);
  }
  expect(screen.queryByRole('dialog', { name: 'Delete alert' }) !== null).toBe(state.matches('confirmingDelete'));
  const listed = screen.queryByRole('table', { name: 'Deliveries' });
  if (deliveriesOf !== null && deliveries !== null && alerts.length > 0) {
    const [row] = within(listed!).getAllByRole('row').slice(1);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect([cells[0], cells[2], cells[3], cells[4], cells[5]]).toEqual(['failed', '500', '4', '42', FAILED.error]);
  } else expect(listed).toBeNull();
}

const serializeState = (state: Snapshot) =>
  JSON.stringify({
    value: state.value,
    alerts: state.context.alerts.length,
    draft: state.context.draft,
    error: state.context.error,
    deliveries: state.context.deliveries !== null,
  });

describe('alerts panel: paths over the list, the add dialog, deletion and deliveries', () => {
  replayShortestPaths(alertsPanelMachine, {
    input: { experimentId: 7 },
    events: eventsFor,
    serializeState,
    paths: { exactly: 44 },
    describeEvent,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/experiment-runs/7', <AlertsPanel experimentId={7} />);
      return services;
    },
    perform: (event, services, step) => perform(event, services, step.previous),
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => ({ creates: services.calls('createAlert'), deletes: services.calls('deleteAlert') }),
    afterStep({ event, state }, services, before) {
      if (event.type === 'user.submit') {
        expect(services.calls('createAlert')).toBe(before.creates + 1);
        expect(services.last('createAlert').args).toEqual([7, { ...state.context.draft, baseline: null }]);
      }
      if (event.type === 'user.confirmDelete') expect(services.last('deleteAlert').args).toEqual([7, ALERT.id]);
      else expect(services.calls('deleteAlert')).toBe(before.deletes);
    },
  });
});
