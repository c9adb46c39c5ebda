import type { SnapshotFrom } from 'xstate';
import type { dashboardMachine } from './dashboard.machine';

export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

export const selectIsLoading = (snapshot: DashboardSnapshot) => snapshot.hasTag('busy');
export const selectCountsFailed = (snapshot: DashboardSnapshot) => snapshot.hasTag('countsFailed');
export const selectActivityFailed = (snapshot: DashboardSnapshot) => snapshot.hasTag('activityFailed');
export const selectCounts = (snapshot: DashboardSnapshot) => snapshot.context.counts;
export const selectActivity = (snapshot: DashboardSnapshot) => snapshot.context.activity;
export const selectCountsError = (snapshot: DashboardSnapshot) => snapshot.context.countsError;
export const selectActivityError = (snapshot: DashboardSnapshot) => snapshot.context.activityError;
