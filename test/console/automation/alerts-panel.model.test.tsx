import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createEmptyActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { alertsPanelMachine } from '../../../src/machines/automation/alerts-panel.machine';
import { addAlertMachine, isAlertReady } from '../../../src/machines/automation/add-alert.machine';
import { confirmModalMachine } from '../../../src/machines/shared/confirm-modal.machine';
import type { Alert, Delivery } from '../../../src/domain/automation/automation-types';
import { RefusalError } from '../../../src/domain/shared/error-message';
import { AlertsPanel } from '../../../src/views/automation/AlertsPanel';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: an experiment's Alerts panel, over its three machines, each replayed on the panel. The panel's
// own: the rules loaded (or failing, and asked again), one rule's deliveries shown (a failed one with its code
// and error), the list read again after a rule was added, and the deliveries of a rule no longer listed gone.
// The 'Add alert' form dialog's: refused with the server's sentence naming the field (which keeps the dialog),
// cancelled, or added (the list read again), with what it sends. The delete confirmation's: Delete asks first,
// and only a confirmed one is sent; a failure keeps the question, a refusal for good leaves only Cancel.

afterEach(cleanup);

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
const NEW_RULE = 'recall@10:0.02';
const NEW_WEBHOOK = 'https://example.org/hook';

const panel = () => within(screen.getByRole('region', { name: 'Alerts' }));
const dialog = (name: string) => within(screen.getByRole('dialog', { name }));
const textbox = (name: string | RegExp) => dialog('Add alert').getByRole('textbox', { name }) as HTMLInputElement;
const onFailure = () => dialog('Add alert').getByRole('checkbox', { name: /^Also tell it when a scheduled run fails/ }) as HTMLInputElement;
const inDialog = (title: string, name: string) => dialog(title).getByRole('button', { name }) as HTMLButtonElement;

/** The panel on experiment 7, its rules loaded. */
async function openPanel() {
  const services = fakeDeps();
  renderWithLogic(services, '/experiment-runs/7', <AlertsPanel experimentId={7} />);
  await services.settle('alerts', { output: [ALERT] });
  await panel().findByRole('table', { name: 'Alert rules' });
  return services;
}

/** The rules listed, as their first four cells read; or the panel's note that there are none. */
function expectRules(alerts: Alert[]) {
  if (alerts.length === 0) return expect(panel().getByRole('status').textContent).toMatch(/^No alerts/);
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
  ).toEqual(
    alerts.map((alert) => [alert.rule, alert.webhook_url, alert.on_failure ? 'Yes' : 'No', alert.baseline ?? 'Previous scheduled run']),
  );
}

describe('alerts panel: the list, its deliveries, and the list read again after a change', () => {
  type Snapshot = SnapshotFrom<typeof alertsPanelMachine>;
  type ModelEvent =
    | EventFromLogic<typeof alertsPanelMachine>
    | ActorDone<'fetchAlerts', Alert[]>
    | ActorError<'fetchAlerts', Error>
    | ActorDone<'fetchDeliveries', Delivery[]>
    | ActorError<'fetchDeliveries', Error>;

  function events(state: Snapshot): ModelEvent[] {
    const { alerts } = state.context;
    const events: ModelEvent[] = possibleEvents<ModelEvent>(state, [
      { type: 'user.retry' },
      // The Deliveries button of a rule needs the rule listed.
      ...(alerts.length > 0 ? [{ type: 'user.showDeliveries', alertId: ALERT.id } as const] : []),
      // What the dialogs send once they changed a rule: only while the list shows (its buttons are there).
      ...(state.matches('ready') || state.matches('loadingDeliveries') ? [{ type: 'reload' } as const] : []),
    ]);
    if (state.matches('loading'))
      events.push(
        { type: 'xstate.done.actor.fetchAlerts', output: [ALERT] },
        // The rule was deleted meanwhile (another tab): its deliveries go with it.
        { type: 'xstate.done.actor.fetchAlerts', output: [] },
        { type: 'xstate.error.actor.fetchAlerts', error: new Error('The alerts could not be loaded.') },
      );
    if (state.matches('loadingDeliveries'))
      events.push(
        { type: 'xstate.done.actor.fetchDeliveries', output: [FAILED] },
        { type: 'xstate.error.actor.fetchDeliveries', error: new Error('The deliveries could not be loaded.') },
      );
    return events;
  }

  function describeEvent(event: ModelEvent): string {
    if (event.type === 'xstate.done.actor.fetchAlerts') return `fetchAlerts done (${event.output.length} rules)`;
    if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice('xstate.done.actor.'.length)} done`;
    if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice('xstate.error.actor.'.length)} failed`;
    return event.type.replace('user.', '');
  }

  async function perform(event: ModelEvent, services: FakeDeps) {
    switch (event.type) {
      case 'user.showDeliveries':
        return fireEvent.click(panel().getByRole('button', { name: 'Deliveries' }));
      case 'user.retry':
        return fireEvent.click(panel().getByRole('button', { name: 'Try again' }));
      case 'reload':
        // A rule added through the dialog: the one change a person makes that any list allows.
        fireEvent.click(panel().getByRole('button', { name: 'Add alert' }));
        fireEvent.change(textbox('Rule'), { target: { value: NEW_RULE } });
        fireEvent.change(textbox('Webhook URL'), { target: { value: NEW_WEBHOOK } });
        fireEvent.click(inDialog('Add alert', 'Add alert'));
        return services.settle('createAlert', { output: { ...ALERT, id: 4, rule: NEW_RULE, webhook_url: NEW_WEBHOOK } });
      case 'xstate.done.actor.fetchAlerts':
        return services.settle('alerts', { output: event.output });
      case 'xstate.error.actor.fetchAlerts':
        return services.settle('alerts', { error: event.error });
      case 'xstate.done.actor.fetchDeliveries':
        return services.settle('deliveries', { output: { items: event.output, total: event.output.length } });
      case 'xstate.error.actor.fetchDeliveries':
        return services.settle('deliveries', { error: event.error });
    }
  }

  function expectScreen(state: Snapshot) {
    const { alerts, error, deliveriesOf, deliveries } = state.context;
    expect(screen.queryByRole('dialog')).toBeNull();
    if (state.matches('loading')) return expect(panel().getByText('Loading...')).toBeTruthy();
    if (state.matches('failed')) return expect(panel().getByRole('alert').textContent).toBe('The alerts could not be loaded.');
    expectRules(alerts);
    expect(panel().queryByRole('alert')?.textContent ?? null).toBe(error);
    expect(panel().queryByText('Loading deliveries...') !== null).toBe(state.matches('loadingDeliveries'));
    const listed = screen.queryByRole('table', { name: 'Deliveries' });
    if (deliveriesOf !== null && deliveries !== null) {
      const [row] = within(listed!).getAllByRole('row').slice(1);
      const cells = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect([cells[0], cells[2], cells[3], cells[4], cells[5]]).toEqual(['failed', '500', '4', '42', FAILED.error]);
    } else expect(listed).toBeNull();
  }

  replayShortestPaths(alertsPanelMachine, {
    input: { experimentId: 7 },
    events,
    serializeState: (state) =>
      JSON.stringify({
        value: state.value,
        alerts: state.context.alerts.length,
        error: state.context.error,
        deliveriesOf: state.context.deliveriesOf,
        deliveries: state.context.deliveries !== null,
      }),
    paths: { exactly: 13 },
    describeEvent,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/experiment-runs/7', <AlertsPanel experimentId={7} />);
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => ({ fetches: services.calls('alerts') }),
    afterStep({ event }, services, before) {
      if (event.type === 'reload') {
        expect(services.last('createAlert').args).toEqual([
          7,
          { rule: NEW_RULE, webhook_url: NEW_WEBHOOK, on_failure: false, baseline: null },
        ]);
        expect(services.calls('alerts')).toBe(before.fetches + 1);
      }
    },
  });
});

describe("alerts panel: a rule's deliveries after the list changed", () => {
  it('keeps them shown while their rule is listed, and drops them once it was deleted', async () => {
    const services = await openPanel();
    fireEvent.click(panel().getByRole('button', { name: 'Deliveries' }));
    await services.settle('deliveries', { output: { items: [FAILED], total: 1 } });
    await panel().findByRole('table', { name: 'Deliveries' });

    const added: Alert = { ...ALERT, id: 4, rule: NEW_RULE, webhook_url: NEW_WEBHOOK, on_failure: false };
    fireEvent.click(panel().getByRole('button', { name: 'Add alert' }));
    fireEvent.change(textbox('Rule'), { target: { value: NEW_RULE } });
    fireEvent.change(textbox('Webhook URL'), { target: { value: NEW_WEBHOOK } });
    fireEvent.click(inDialog('Add alert', 'Add alert'));
    await services.settle('createAlert', { output: added });
    await services.settle('alerts', { output: [ALERT, added] });
    await panel().findByRole('table', { name: 'Alert rules' });
    expectRules([ALERT, added]);
    expect(panel().getByRole('heading', { name: `Deliveries of ${ALERT.rule}` })).toBeTruthy();
    expect(panel().getByRole('table', { name: 'Deliveries' })).toBeTruthy();

    fireEvent.click(panel().getByRole('button', { name: `Delete alert ${ALERT.rule}` }));
    fireEvent.click(inDialog('Delete alert', 'Delete'));
    await services.settle('deleteAlert', { output: undefined });
    await services.settle('alerts', { output: [added] });
    await panel().findByRole('table', { name: 'Alert rules' });
    expectRules([added]);
    expect(panel().queryByRole('heading', { name: /^Deliveries of/ })).toBeNull();
    expect(panel().queryByRole('table', { name: 'Deliveries' })).toBeNull();
    expect(services.calls('deliveries')).toBe(1);
  });
});

describe('Add alert: every path of its form dialog', () => {
  type Snapshot = SnapshotFrom<typeof addAlertMachine>;
  type ModelEvent = EventFromLogic<typeof addAlertMachine> | ActorDone<'createAlert', Alert> | ActorError<'createAlert', Error>;

  function events(state: Snapshot): ModelEvent[] {
    const { fields } = state.context;
    return possibleEvents<ModelEvent>(state, [
      { type: 'user.open', fields: { experimentId: 7 } },
      { type: 'user.cancel' },
      { type: 'user.change', fields: { rule: NEW_RULE } },
      { type: 'user.change', fields: { webhook_url: NEW_WEBHOOK } },
      // The optional fields once the form can be sent, so the graph stays small: each is sent as it reads.
      ...(isAlertReady(fields)
        ? ([
            { type: 'user.change', fields: { on_failure: true } },
            { type: 'user.change', fields: { baseline: ' latest:nightly ' } },
          ] satisfies ModelEvent[])
        : []),
      { type: 'user.submit' },
      ...(state.matches('creating')
        ? ([
            { type: 'xstate.done.actor.createAlert', output: { ...ALERT, id: 4, rule: NEW_RULE, webhook_url: NEW_WEBHOOK } },
            { type: 'xstate.error.actor.createAlert', error: new Error(REFUSAL) },
          ] satisfies ModelEvent[])
        : []),
    ]).filter(
      // A field already holding the value fires no change.
      (event) =>
        event.type !== 'user.change' || Object.entries(event.fields).some(([name, value]) => fields[name as keyof typeof fields] !== value),
    );
  }

  const describeEvent = (event: ModelEvent) => {
    if (event.type !== 'user.change') return event.type;
    const [[name, value]] = Object.entries(event.fields);
    return `${event.type}(${name}=${JSON.stringify(value)})`;
  };

  async function perform(event: ModelEvent, services: FakeDeps) {
    switch (event.type) {
      case 'user.open':
        return fireEvent.click(panel().getByRole('button', { name: 'Add alert' }));
      case 'user.cancel':
        return fireEvent.click(inDialog('Add alert', 'Cancel'));
      case 'user.change': {
        const { rule, webhook_url, baseline } = event.fields;
        if (rule !== undefined) return fireEvent.change(textbox('Rule'), { target: { value: rule } });
        if (webhook_url !== undefined) return fireEvent.change(textbox('Webhook URL'), { target: { value: webhook_url } });
        if (baseline !== undefined) return fireEvent.change(textbox(/^Baseline/), { target: { value: baseline } });
        return fireEvent.click(onFailure());
      }
      case 'user.submit':
        return fireEvent.click(inDialog('Add alert', 'Add alert'));
      case 'xstate.done.actor.createAlert':
        return services.settle('createAlert', { output: event.output });
      case 'xstate.error.actor.createAlert':
        return services.settle('createAlert', { error: event.error });
    }
  }

  function expectScreen(state: Snapshot) {
    if (state.matches('closed')) {
      expect(screen.queryByRole('dialog', { name: 'Add alert' })).toBeNull();
      return;
    }
    const { fields, failure } = state.context;
    expect(textbox('Rule').value).toBe(fields.rule);
    expect(textbox('Webhook URL').value).toBe(fields.webhook_url);
    expect(textbox(/^Baseline/).value).toBe(fields.baseline);
    expect(onFailure().checked).toBe(fields.on_failure);
    const busy = state.matches('creating');
    expect(textbox('Rule').closest('fieldset')!.disabled).toBe(busy);
    expect(inDialog('Add alert', busy ? 'Adding...' : 'Add alert').disabled).toBe(busy || !isAlertReady(fields));
    expect(inDialog('Add alert', 'Cancel').disabled).toBe(busy);
    expect(dialog('Add alert').queryByRole('alert')?.textContent ?? null).toBe(failure);
  }

  replayShortestPaths(addAlertMachine, {
    input: { reloadTarget: createEmptyActor() },
    events,
    // What the server last took (`sent`) is not shown by this dialog: states that differ only there are one.
    serializeState: (state) => JSON.stringify({ value: state.value, context: { ...state.context, reloadTarget: null, sent: null } }),
    paths: { exactly: 20 },
    describeEvent,
    setup: () => openPanel(),
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    afterPerform({ event, state }, services) {
      if (event.type !== 'user.submit') return;
      // The fields as typed; an empty baseline is the previous scheduled run (null), a given one trimmed.
      const { rule, webhook_url, on_failure, baseline } = state.context.fields;
      expect(services.last('createAlert').args).toEqual([7, { rule, webhook_url, on_failure, baseline: baseline.trim() || null }]);
    },
    afterStep({ event }, services) {
      // Added: the rules are read again, to show the new one.
      if (event.type === 'xstate.done.actor.createAlert') {
        expect(services.calls('alerts')).toBe(2);
        expect(panel().getByText('Loading...')).toBeTruthy();
      }
    },
  });
});

describe('Delete alert: every path of its confirmation', () => {
  type Snapshot = SnapshotFrom<typeof confirmModalMachine>;
  type ModelEvent =
    | EventFromLogic<typeof confirmModalMachine>
    | { type: 'xstate.done.actor.performAction' }
    // `why` tells the two failures apart: the graph keys events by their JSON, and an Error's is `{}`.
    | (ActorError<'performAction', Error> & { why: string });
  // A 409 (a refusal asking again cannot change), and a failure worth trying again.
  const refusal = new RefusalError('Alert 3 cannot be deleted: 409 Conflict');
  const outage = new Error('The server answered 503 Service Unavailable');
  // Its reload target is the panel, which the replay renders: the graph needs none.
  const logic = confirmModalMachine.provide({ actions: { sendReload: () => undefined } });

  async function perform(event: ModelEvent, services: FakeDeps) {
    if (event.type === 'user.open') fireEvent.click(panel().getByRole('button', { name: `Delete alert ${ALERT.rule}` }));
    else if (event.type === 'user.cancel') fireEvent.click(inDialog('Delete alert', 'Cancel'));
    else if (event.type === 'user.confirm') fireEvent.click(inDialog('Delete alert', 'Delete'));
    else if (event.type === 'xstate.done.actor.performAction') await services.settle('deleteAlert', { output: undefined });
    else await services.settle('deleteAlert', { error: event.error });
  }

  function expectScreen(state: Snapshot) {
    if (state.matches('closed')) {
      expect(screen.queryByRole('dialog', { name: 'Delete alert' })).toBeNull();
      return;
    }
    const modal = dialog('Delete alert');
    expect(modal.queryByRole('alert')?.textContent ?? null).toBe(state.context.error);
    if (state.matches('refused')) {
      // Only Cancel: asking again cannot change the answer.
      expect(modal.getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel']);
      return;
    }
    expect(modal.getByText(`Delete alert ${ALERT.rule} and its deliveries?`)).toBeTruthy();
    expect(modal.getByText('This action cannot be undone.')).toBeTruthy();
    const busy = state.matches('submitting');
    expect(inDialog('Delete alert', busy ? 'Deleting...' : 'Delete').disabled).toBe(busy);
    expect(inDialog('Delete alert', 'Cancel').disabled).toBe(busy);
  }

  replayShortestPaths(logic, {
    simplePaths: true,
    input: { reloadTarget: createEmptyActor() },
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open', subject: { id: ALERT.id, name: ALERT.rule, ownerId: 7 } },
        { type: 'user.cancel' },
        { type: 'user.confirm' },
        ...(state.matches('submitting')
          ? ([
              { type: 'xstate.done.actor.performAction' },
              { type: 'xstate.error.actor.performAction', error: refusal, why: 'refused' },
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
    paths: { exactly: 13 },
    describeEvent: (event) => (event.type === 'xstate.error.actor.performAction' ? `${event.type} (${event.error.message})` : event.type),
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    setup: () => openPanel(),
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => ({ deletes: services.calls('deleteAlert') }),
    afterStep({ event }, services, before) {
      // Only a confirmed delete is sent, for the rule under its experiment.
      if (event.type === 'user.confirm') expect(services.last('deleteAlert').args).toEqual([7, ALERT.id]);
      else expect(services.calls('deleteAlert')).toBe(before.deletes);
      if (event.type === 'xstate.done.actor.performAction') {
        // Deleted: the rules are read again.
        expect(services.calls('alerts')).toBe(2);
        expect(panel().getByText('Loading...')).toBeTruthy();
      }
    },
  });
});
