import type { SnapshotFrom } from 'xstate';
import type { alertsPanelMachine } from './alerts-panel.machine';

type AlertsPanelSnapshot = SnapshotFrom<typeof alertsPanelMachine>;

export const selectAlertsLoading = (snapshot: AlertsPanelSnapshot) => snapshot.hasTag('loading');
export const selectAlertsFailed = (snapshot: AlertsPanelSnapshot) => snapshot.matches('failed');
export const selectAlertsBusy = (snapshot: AlertsPanelSnapshot) => snapshot.hasTag('busy');
export const selectDialogOpen = (snapshot: AlertsPanelSnapshot) => snapshot.hasTag('dialog');
export const selectConfirmingDelete = (snapshot: AlertsPanelSnapshot) =>
  snapshot.matches('confirmingDelete') ? snapshot.context.deleting : null;
export const selectAlerts = (snapshot: AlertsPanelSnapshot) => snapshot.context.alerts;
export const selectAlertDraft = (snapshot: AlertsPanelSnapshot) => snapshot.context.draft;
export const selectDeliveriesOf = (snapshot: AlertsPanelSnapshot) => snapshot.context.deliveriesOf;
export const selectDeliveries = (snapshot: AlertsPanelSnapshot) => snapshot.context.deliveries;
export const selectAlertsError = (snapshot: AlertsPanelSnapshot) => snapshot.context.error;
export const selectCanSubmitAlert = (snapshot: AlertsPanelSnapshot) => snapshot.can({ type: 'user.submit' });
