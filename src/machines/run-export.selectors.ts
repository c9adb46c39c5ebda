import type { SnapshotFrom } from 'xstate';
import type { RunExportFormat } from '../services/evaluation-backend';
import type { runExportMachine } from './run-export.machine';

export type RunExportSnapshot = SnapshotFrom<typeof runExportMachine>;

/** The format being fetched right now, or null. */
export const selectExportingFormat = (snapshot: RunExportSnapshot) => (snapshot.hasTag('busy') ? snapshot.context.format : null);
export const selectSavedAs = (snapshot: RunExportSnapshot) => (snapshot.matches('saved') ? snapshot.context.savedAs : null);
export const selectExportError = (snapshot: RunExportSnapshot) => (snapshot.hasTag('failed') ? snapshot.context.error : null);
export const selectCanExport = (snapshot: RunExportSnapshot) => snapshot.can({ type: 'user.export', format: 'csv' as RunExportFormat });
