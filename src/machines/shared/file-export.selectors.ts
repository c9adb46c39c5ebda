import type { SnapshotFrom } from 'xstate';
import type { fileExportMachine } from './file-export.machine';

export type FileExportSnapshot = SnapshotFrom<typeof fileExportMachine>;

/** Whose file and which format are being fetched right now, or null. */
export const selectExportingId = (snapshot: FileExportSnapshot) => (snapshot.hasTag('busy') ? snapshot.context.id : null);
export const selectExportingFormat = (snapshot: FileExportSnapshot) => (snapshot.hasTag('busy') ? snapshot.context.format : null);
export const selectSavedAs = (snapshot: FileExportSnapshot) => (snapshot.matches('saved') ? snapshot.context.savedAs : null);
export const selectExportError = (snapshot: FileExportSnapshot) => (snapshot.hasTag('failed') ? snapshot.context.error : null);
/** An export may start (the machine takes one at a time, whatever it is). */
export const selectCanExport = (snapshot: FileExportSnapshot) => snapshot.can({ type: 'user.export', id: 0, format: '' });
