import type { SnapshotFrom } from 'xstate';
import type { alertsPanelMachine } from './alerts-panel.machine';

type AlertsPanelSnapshot = SnapshotFrom<typeof alertsPanelMachine>;

export const selectAlertsLoading = (snapshot: AlertsPanelSnapshot) => snapshot.hasTag('loading');
export const selectAlertsFailed = (snapshot: AlertsPanelSnapshot) => snapshot.matches('failed');
export const selectAlertsBusy = (snapshot: AlertsPanelSnapshot) => snapshot.hasTag('busy');
export const selectAlerts = (snapshot: AlertsPanelSnapshot) => snapshot.context.alerts;
export const selectDeliveriesOf = (snapshot: AlertsPanelSnapshot) => snapshot.context.deliveriesOf;
export const selectDeliveries = (snapshot: AlertsPanelSnapshot) => snapshot.context.deliveries;
export const selectAlertsError = (snapshot: AlertsPanelSnapshot) => snapshot.context.error;
export const selectAddAlert = (snapshot: AlertsPanelSnapshot) => snapshot.children.addAlert;
export const selectConfirmDelete = (snapshot: AlertsPanelSnapshot) => snapshot.children.confirmDelete;
