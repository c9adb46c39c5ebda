import type { SnapshotFrom } from 'xstate';
import type { bulkUploadMachine } from './bulk-upload.machine';

export type BulkUploadSnapshot = SnapshotFrom<typeof bulkUploadMachine>;

export type BulkUploadView = 'noFile' | 'fileChosen' | 'uploading' | 'complete' | 'failed';

export function selectUploadView(snapshot: BulkUploadSnapshot): BulkUploadView {
  const views: BulkUploadView[] = ['uploading', 'complete', 'failed', 'fileChosen'];
  return views.find((view) => snapshot.matches({ open: view })) ?? 'noFile';
}

export const selectIsOpen = (snapshot: BulkUploadSnapshot) => snapshot.hasTag('modalOpen');
export const selectFile = (snapshot: BulkUploadSnapshot) => snapshot.context.file;
export const selectFileError = (snapshot: BulkUploadSnapshot) => snapshot.context.fileError;
export const selectProgress = (snapshot: BulkUploadSnapshot) => snapshot.context.progress;
export const selectResult = (snapshot: BulkUploadSnapshot) => snapshot.context.result;
export const selectFailure = (snapshot: BulkUploadSnapshot) => snapshot.context.failure;
export const selectWasCancelled = (snapshot: BulkUploadSnapshot) => snapshot.context.cancelled;
export const selectCanUpload = (snapshot: BulkUploadSnapshot) => snapshot.can({ type: 'user.upload' });
export const selectCanClose = (snapshot: BulkUploadSnapshot) => snapshot.can({ type: 'user.close' });
export const selectCanCancelUpload = (snapshot: BulkUploadSnapshot) => snapshot.can({ type: 'user.cancelUpload' });
