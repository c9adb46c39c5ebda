import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import type { Alert, Delivery, NewAlert } from '../../domain/automation/automation-types';

// An experiment's alert rules: listed; added from a dialog (rule, webhook, on failure, baseline; a refusal keeps
// the dialog open with the server's sentence, which names the field); deleted after a confirmation; and one
// rule's latest deliveries shown with their status, time and response code. Each change reads the list again.

export type AlertsPanelInput = { experimentId: number };

export type AlertsPanelContext = {
  experimentId: number;
  alerts: Alert[];
  draft: NewAlert;
  /** The rule whose deletion is being confirmed or made. */
  deleting: number | null;
  /** The rule whose deliveries are shown, and they (newest first). */
  deliveriesOf: number | null;
  deliveries: Delivery[] | null;
  error: string | null;
};

export type AlertsPanelEvent =
  | { type: 'user.openAdd' }
  | { type: 'user.ruleChanged'; rule: string }
  | { type: 'user.webhookChanged'; webhookUrl: string }
  | { type: 'user.onFailureToggled' }
  | { type: 'user.baselineChanged'; baseline: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.delete'; alertId: number }
  | { type: 'user.confirmDelete' }
  | { type: 'user.showDeliveries'; alertId: number }
  | { type: 'user.retry' };

const EMPTY_DRAFT: NewAlert = { rule: '', webhook_url: '', on_failure: false, baseline: '' };
/** Deliveries shown of a rule: its newest. */
export const DELIVERIES_SHOWN = 20;

export const alertsPanelMachine = setup({
  types: {
    context: {} as AlertsPanelContext,
    input: {} as AlertsPanelInput,
    events: {} as AlertsPanelEvent,
    tags: {} as 'loading' | 'dialog' | 'busy',
  },
  actors: {
    fetchAlerts: fromPromise<Alert[], { experimentId: number }>(notProvided('fetchAlerts')),
    createAlert: fromPromise<Alert, { experimentId: number; alert: NewAlert }>(notProvided('createAlert')),
    deleteAlert: fromPromise<void, { experimentId: number; alertId: number }>(notProvided('deleteAlert')),
    fetchDeliveries: fromPromise<Delivery[], { experimentId: number; alertId: number }>(notProvided('fetchDeliveries')),
  },
  guards: {
    isCompleteDraft: ({ context }) => context.draft.rule.trim() !== '' && context.draft.webhook_url.trim() !== '',
  },
  actions: {
    assignAlerts: assign((_, params: { alerts: Alert[] }) => ({ alerts: params.alerts })),
    startDraft: assign({ draft: EMPTY_DRAFT, error: null }),
    changeDraft: assign(({ context }, params: Partial<NewAlert>) => ({ draft: { ...context.draft, ...params } })),
    toggleOnFailure: assign(({ context }) => ({ draft: { ...context.draft, on_failure: !context.draft.on_failure } })),
    assignDeleting: assign((_, params: { alertId: number | null }) => ({ deleting: params.alertId, error: null })),
    assignDeliveriesOf: assign((_, params: { alertId: number }) => ({ deliveriesOf: params.alertId, deliveries: null, error: null })),
    assignDeliveries: assign((_, params: { deliveries: Delivery[] }) => ({ deliveries: params.deliveries })),
    forgetDeliveriesOfDeleted: assign(({ context }) => ({
      deliveriesOf: context.deliveriesOf === context.deleting ? null : context.deliveriesOf,
      deliveries: context.deliveriesOf === context.deleting ? null : context.deliveries,
      deleting: null,
    })),
    forgetDeliveries: assign({ deliveriesOf: null, deliveries: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'alertsPanel',
  context: ({ input }) => ({
    experimentId: input.experimentId,
    alerts: [],
    draft: EMPTY_DRAFT,
    deleting: null,
    deliveriesOf: null,
    deliveries: null,
    error: null,
  }),
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
        'user.openAdd': { target: 'adding', actions: 'startDraft' },
        'user.delete': {
          target: 'confirmingDelete',
          actions: { type: 'assignDeleting', params: ({ event }) => ({ alertId: event.alertId }) },
        },
        'user.showDeliveries': {
          target: 'loadingDeliveries',
          actions: { type: 'assignDeliveriesOf', params: ({ event }) => ({ alertId: event.alertId }) },
        },
      },
    },
    adding: {
      tags: 'dialog',
      on: {
        'user.ruleChanged': { actions: { type: 'changeDraft', params: ({ event }) => ({ rule: event.rule }) } },
        'user.webhookChanged': { actions: { type: 'changeDraft', params: ({ event }) => ({ webhook_url: event.webhookUrl }) } },
        'user.onFailureToggled': { actions: 'toggleOnFailure' },
        'user.baselineChanged': { actions: { type: 'changeDraft', params: ({ event }) => ({ baseline: event.baseline }) } },
        'user.submit': { guard: 'isCompleteDraft', target: 'creating' },
        'user.cancel': { target: 'ready', actions: 'startDraft' },
      },
    },
    creating: {
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'createAlert',
        src: 'createAlert',
        input: ({ context }) => ({
          experimentId: context.experimentId,
          alert: { ...context.draft, baseline: context.draft.baseline?.trim() || null },
        }),
        onDone: { target: 'loading', actions: 'startDraft' },
        onError: { target: 'adding', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingDelete: {
      on: {
        'user.confirmDelete': 'deleting',
        'user.cancel': { target: 'ready', actions: { type: 'assignDeleting', params: { alertId: null } } },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteAlert',
        src: 'deleteAlert',
        input: ({ context }) => ({ experimentId: context.experimentId, alertId: context.deleting! }),
        onDone: { target: 'loading', actions: 'forgetDeliveriesOfDeleted' },
        onError: { target: 'ready', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
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
