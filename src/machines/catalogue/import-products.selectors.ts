import type { SnapshotFrom } from 'xstate';
import type { importProductsMachine } from './import-products.machine';

export type ImportProductsSnapshot = SnapshotFrom<typeof importProductsMachine>;

export type ImportProductsView = 'noFile' | 'fileChosen' | 'uploading' | 'complete' | 'failed';

export function selectImportView(snapshot: ImportProductsSnapshot): ImportProductsView {
  const views: ImportProductsView[] = ['uploading', 'complete', 'failed', 'fileChosen'];
  return views.find((view) => snapshot.matches({ open: view })) ?? 'noFile';
}

export const selectIsOpen = (snapshot: ImportProductsSnapshot) => snapshot.hasTag('modalOpen');
export const selectFile = (snapshot: ImportProductsSnapshot) => snapshot.context.file;
export const selectFormat = (snapshot: ImportProductsSnapshot) => snapshot.context.format;
export const selectProgress = (snapshot: ImportProductsSnapshot) => snapshot.context.progress;
export const selectResult = (snapshot: ImportProductsSnapshot) => snapshot.context.result;
export const selectFailure = (snapshot: ImportProductsSnapshot) => snapshot.context.failure;
export const selectWasCancelled = (snapshot: ImportProductsSnapshot) => snapshot.context.cancelled;
export const selectCanChooseFile = (snapshot: ImportProductsSnapshot) =>
  snapshot.can({ type: 'user.chooseFile', file: new File([], 'products.csv') });
export const selectCanChangeFormat = (snapshot: ImportProductsSnapshot) => snapshot.can({ type: 'user.changeFormat', format: 'csv' });
export const selectCanUpload = (snapshot: ImportProductsSnapshot) => snapshot.can({ type: 'user.upload' });
export const selectCanClose = (snapshot: ImportProductsSnapshot) => snapshot.can({ type: 'user.close' });
export const selectCanCancelUpload = (snapshot: ImportProductsSnapshot) => snapshot.can({ type: 'user.cancelUpload' });
