import type { SnapshotFrom } from 'xstate';
import type { dashboardMachine } from './dashboard.machine';

export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

export const selectIsLoading = (snapshot: DashboardSnapshot) => snapshot.hasTag('busy');
export const selectHasFailed = (snapshot: DashboardSnapshot) => snapshot.hasTag('failed');
export const selectCounts = (snapshot: DashboardSnapshot) => snapshot.context.counts;
export const selectDashboardError = (snapshot: DashboardSnapshot) => snapshot.context.error;
