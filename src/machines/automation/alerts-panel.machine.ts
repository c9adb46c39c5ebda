import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { confirmModalMachine } from '../shared/confirm-modal.machine';
import type { ReloadEvent } from '../shared/reload';
import { messageOf } from '../../domain/shared/error-message';
import type { Alert, Delivery } from '../../domain/automation/automation-types';
import { addAlertMachine } from './add-alert.machine';

// An experiment's alert rules: listed, and one rule's latest deliveries shown with their status, time and
// response code. Adding a rule is the shared form dialog's (`addAlert`), deleting one the shared confirmation's
// (`confirmDelete`); both are handed the panel as their reload target, and the list is read again when either
// changed it. Deliveries of a rule no longer listed are no longer shown.

export type AlertsPanelInput = { experimentId: number };

export type AlertsPanelContext = {
  experimentId: number;
  alerts: Alert[];
  /** The rule whose deliveries are shown, and they (newest first). */
  deliveriesOf: number | null;
  deliveries: Delivery[] | null;
  error: string | null;
};

export type AlertsPanelEvent = { type: 'user.showDeliveries'; alertId: number } | { type: 'user.retry' } | ReloadEvent;

/** Deliveries shown of a rule: its newest. */
export const DELIVERIES_SHOWN = 20;

export const alertsPanelMachine = setup({
  types: {
    context: {} as AlertsPanelContext,
    input: {} as AlertsPanelInput,
    events: {} as AlertsPanelEvent,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    fetchAlerts: fromPromise<Alert[], { experimentId: number }>(notProvided('fetchAlerts')),
    fetchDeliveries: fromPromise<Delivery[], { experimentId: number; alertId: number }>(notProvided('fetchDeliveries')),
    // src/logic gives the dialogs the alert calls.
    addAlert: addAlertMachine,
    confirmDelete: confirmModalMachine,
  },
  actions: {
    // Deliveries stay shown while their rule is listed; ones a reload cut short are not asked again.
    assignAlerts: assign(({ context }, params: { alerts: Alert[] }) => {
      const kept = context.deliveries !== null && params.alerts.some((alert) => alert.id === context.deliveriesOf);
      return { alerts: params.alerts, deliveriesOf: kept ? context.deliveriesOf : null, deliveries: kept ? context.deliveries : null };
    }),
    assignDeliveriesOf: assign((_, params: { alertId: number }) => ({ deliveriesOf: params.alertId, deliveries: null, error: null })),
    assignDeliveries: assign((_, params: { deliveries: Delivery[] }) => ({ deliveries: params.deliveries })),
    forgetDeliveries: assign({ deliveriesOf: null, deliveries: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'alertsPanel',
  context: ({ input }) => ({
    experimentId: input.experimentId,
    alerts: [],
    deliveriesOf: null,
    deliveries: null,
    error: null,
  }),
  invoke: [
    { id: 'addAlert', src: 'addAlert', input: ({ self }) => ({ reloadTarget: self }) },
    { id: 'confirmDelete', src: 'confirmDelete', input: ({ self }) => ({ reloadTarget: self }) },
  ],
  on: {
    // A rule added or deleted: the list is read again.
    reload: { target: '.loading', actions: 'clearError' },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchAlerts',
        src: 'fetchAlerts',
        input: ({ context }) => ({ experimentId: context.experimentId }),
        onDone: { target: 'ready', actions: { type: 'assignAlerts', params: ({ event }) => ({ alerts: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      on: {
        'user.showDeliveries': {
          target: 'loadingDeliveries',
          actions: { type: 'assignDeliveriesOf', params: ({ event }) => ({ alertId: event.alertId }) },
        },
      },
    },
    loadingDeliveries: {
      tags: 'busy',
      invoke: {
        id: 'fetchDeliveries',
        src: 'fetchDeliveries',
        input: ({ context }) => ({ experimentId: context.experimentId, alertId: context.deliveriesOf! }),
        onDone: { target: 'ready', actions: { type: 'assignDeliveries', params: ({ event }) => ({ deliveries: event.output }) } },
        onError: {
          target: 'ready',
          actions: ['forgetDeliveries', { type: 'assignError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
  },
});
