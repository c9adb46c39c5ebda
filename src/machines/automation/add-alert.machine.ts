import type { Alert, NewAlert } from '../../domain/automation/automation-types';
import { messageOf } from '../../domain/shared/error-message';
import { formDialogMachine } from '../shared/form-dialog.machine';

// The Alerts panel's 'Add alert' modal (shared/form-dialog.machine.ts), opened with the experiment's id: the
// rule, the webhook URL, the baseline (empty: the previous scheduled run) and whether failed runs are told. It is
// sent once the rule and the webhook are given; a refusal keeps it open with the server's sentence, which names
// the field. On success its reload target (the panel) reads the rules again.

export type AlertFields = { experimentId: number; rule: string; webhook_url: string; on_failure: boolean; baseline: string };

export type AlertRequest = { experimentId: number; alert: NewAlert };

export const isAlertReady = (fields: AlertFields) => fields.rule.trim() !== '' && fields.webhook_url.trim() !== '';

export const addAlertMachine = formDialogMachine<AlertFields, AlertRequest, Alert>({
  id: 'addAlert',
  sending: 'creating',
  submitId: 'createAlert',
  // Closed, no experiment is chosen: the form is only sent after `user.open` gave it the experiment's id.
  empty: { experimentId: 0, rule: '', webhook_url: '', on_failure: false, baseline: '' },
  requestOf: ({ experimentId, baseline, ...alert }) => ({ experimentId, alert: { ...alert, baseline: baseline.trim() || null } }),
  failureOf: messageOf,
}).provide({
  guards: { isReady: (_, { fields }: { fields: AlertFields }) => isAlertReady(fields) },
});
