import type { SnapshotFrom } from 'xstate';
import type { NoSettings, uploadMachine } from './upload.machine';

export type UploadSnapshot<Result, Format extends string, Settings extends object = NoSettings> = SnapshotFrom<
  ReturnType<typeof uploadMachine<Result, Format, Settings>>
>;

export type UploadView = 'noFile' | 'fileChosen' | 'uploading' | 'complete' | 'failed';

export function selectUploadView<Result, Format extends string, Settings extends object>(
  snapshot: UploadSnapshot<Result, Format, Settings>,
): UploadView {
  const views: UploadView[] = ['uploading', 'complete', 'failed', 'fileChosen'];
  return views.find((view) => snapshot.matches({ open: view })) ?? 'noFile';
}

export const selectIsOpen = <Result, Format extends string, Settings extends object>(snapshot: UploadSnapshot<Result, Format, Settings>) =>
  snapshot.hasTag('modalOpen');
export const selectFile = <Result, Format extends string, Settings extends object>(snapshot: UploadSnapshot<Result, Format, Settings>) =>
  snapshot.context.file;
export const selectFileError = <Result, Format extends string, Settings extends object>(
  snapshot: UploadSnapshot<Result, Format, Settings>,
) => snapshot.context.fileError;
export const selectFormat = <Result, Format extends string, Settings extends object>(snapshot: UploadSnapshot<Result, Format, Settings>) =>
  snapshot.context.format;
export const selectProgress = <Result, Format extends string, Settings extends object>(
  snapshot: UploadSnapshot<Result, Format, Settings>,
) => snapshot.context.progress;
export const selectResult = <Result, Format extends string, Settings extends object>(snapshot: UploadSnapshot<Result, Format, Settings>) =>
  snapshot.context.result;
export const selectFailure = <Result, Format extends string, Settings extends object>(snapshot: UploadSnapshot<Result, Format, Settings>) =>
  snapshot.context.failure;
export const selectWasCancelled = <Result, Format extends string, Settings extends object>(
  snapshot: UploadSnapshot<Result, Format, Settings>,
) => snapshot.context.cancelled;
export const selectCanChooseFile = <Result, Format extends string, Settings extends object>(
  snapshot: UploadSnapshot<Result, Format, Settings>,
) => snapshot.can({ type: 'user.chooseFile', file: new File([], 'upload') });
export const selectCanChangeFormat = <Result, Format extends string, Settings extends object>(
  snapshot: UploadSnapshot<Result, Format, Settings>,
) => snapshot.can({ type: 'user.changeFormat', format: snapshot.context.format });
export const selectCanUpload = <Result, Format extends string, Settings extends object>(
  snapshot: UploadSnapshot<Result, Format, Settings>,
) => snapshot.can({ type: 'user.upload' });
export const selectCanClose = <Result, Format extends string, Settings extends object>(
  snapshot: UploadSnapshot<Result, Format, Settings>,
) => snapshot.can({ type: 'user.close' });
export const selectCanCancelUpload = <Result, Format extends string, Settings extends object>(
  snapshot: UploadSnapshot<Result, Format, Settings>,
) => snapshot.can({ type: 'user.cancelUpload' });
export const selectSettings = <Result, Format extends string, Settings extends object>(
  snapshot: UploadSnapshot<Result, Format, Settings>,
) => snapshot.context.settings;
export const selectCanChangeSettings = <Result, Format extends string, Settings extends object>(
  snapshot: UploadSnapshot<Result, Format, Settings>,
) => snapshot.can({ type: 'user.changeSettings', settings: {} });
