import { assign, fromPromise, setup } from 'xstate';
import type { CsvProblem, UploadProgress } from '../../domain/datasets/upload-types';
import { notProvided } from './not-provided';
import { sendReload, type ReloadInput } from './reload';

// Every dialog that sends one file (Bulk Upload, Import products): no file → file chosen → uploading → complete
// | failed. A file the dialog's check refuses (the `isAccepted` guard each dialog provides) stays unchosen with
// the dialog's refusal text. The file's format is read from its name where the dialog reads one, else the chosen
// one stays; the person may change it before sending and after a failure (a file refused as one format may be
// the other). Upload is refused until a file is chosen and while one uploads. Progress shows while uploading,
// and Cancel stops the upload: leaving `uploading` stops the `upload` actor, whose abort signal aborts the
// request, so the server writes nothing. Its reload target (the list the file fills) hears `reload` after a
// complete upload; the result stays until the person closes the dialog. A dialog may have settings of its own
// (the bulk upload's target dataset and its 'skip inputs that exist'): they start as the dialog's defaults with what
// its input presets, the person may change them whenever the format may change, and they go with the file.

/** What the `upload` actor is given: the file, the format to read it as, and where to report its progress. */
export type UploadRequest<Format extends string, Settings extends object = NoSettings> = {
  file: File;
  format: Format;
  settings: Settings;
  reportProgress(progress: UploadProgress): void;
};

/** The settings of a dialog that has none. */
export type NoSettings = Record<never, never>;

/** Whom to tell after a complete upload, and the settings this dialog starts with instead of the defaults. */
type UploadInput<Settings extends object> = ReloadInput & { settings?: Partial<Settings> };

/** A refused or failed upload: the server's message, the rows it refused, and the format it read the file as. */
export type UploadFailure<Format extends string> = { message: string; problems: CsvProblem[]; format: Format };

type UploadContext<Result, Format extends string, Settings extends object> = ReloadInput & {
  /** What each opening starts with: the dialog's defaults and the input's presets. */
  startSettings: Settings;
  settings: Settings;
  file: File | null;
  format: Format;
  /** Why the last file chosen was refused before sending. */
  fileError: string | null;
  progress: UploadProgress | null;
  result: Result | null;
  failure: UploadFailure<Format> | null;
  cancelled: boolean;
};

type UploadEvent<Format extends string, Settings extends object> =
  | { type: 'user.open' }
  | { type: 'user.changeSettings'; settings: Partial<Settings> }
  | { type: 'user.close' }
  | { type: 'user.chooseFile'; file: File }
  | { type: 'user.changeFormat'; format: Format }
  | { type: 'user.upload' }
  | { type: 'user.cancelUpload' }
  | ({ type: 'upload.progress' } & UploadProgress);

/** What sets one upload dialog apart besides its upload and check, which it provides. */
export type UploadDialog<Format extends string, Settings extends object> = {
  /** The machine's id. */
  id: string;
  /** The id of the running upload: its answer is `xstate.done.actor.<uploadId>`. */
  uploadId: string;
  /** The format a file is read as unless its name or the person says another. */
  format: Format;
  /** The format a file's name says, or null when it says none (the chosen one then stays). */
  formatOfName?: (name: string) => Format | null;
  /** Shown when the provided check refuses a file; a dialog that takes every file has none. */
  refusal?: string;
  /** The dialog's own settings as they start; none when left out. */
  settings?: Settings;
};

function failureOf<Format extends string>(error: unknown, format: Format): UploadFailure<Format> {
  const problems = (error as { problems?: CsvProblem[] } | null)?.problems;
  return {
    message: error instanceof Error ? error.message : '',
    problems: Array.isArray(problems) ? problems : [],
    format,
  };
}

/** The upload machine of one dialog; it is provided with its `upload` actor and, to refuse files, `isAccepted`. */
export function uploadMachine<Result, Format extends string, Settings extends object = NoSettings>(dialog: UploadDialog<Format, Settings>) {
  const initial: Omit<UploadContext<Result, Format, Settings>, 'reloadTarget' | 'startSettings' | 'settings'> = {
    file: null,
    format: dialog.format,
    fileError: null,
    progress: null,
    result: null,
    failure: null,
    cancelled: false,
  };

  return setup({
    types: {
      context: {} as UploadContext<Result, Format, Settings>,
      input: {} as UploadInput<Settings>,
      events: {} as UploadEvent<Format, Settings>,
      tags: {} as 'modalOpen' | 'busy',
    },
    actors: {
      upload: fromPromise<Result, UploadRequest<Format, Settings>>(notProvided('upload')),
    },
    guards: {
      // Every file, unless the dialog provides its check.
      isAccepted: (_, _params: { file: File }) => true,
    },
    actions: {
      reset: assign(({ context }) => ({ ...initial, settings: context.startSettings })),
      assignFile: assign(({ context }, params: { file: File }) => ({
        ...initial,
        file: params.file,
        format: dialog.formatOfName?.(params.file.name) ?? context.format,
      })),
      refuseFile: assign({ file: null, fileError: dialog.refusal ?? null, failure: null, result: null, cancelled: false }),
      assignFormat: assign((_, params: { format: Format }) => ({ format: params.format, failure: null, cancelled: false })),
      assignSettings: assign(({ context }, params: { settings: Partial<Settings> }) => ({
        settings: { ...context.settings, ...params.settings },
        failure: null,
        cancelled: false,
      })),
      startUpload: assign({ progress: null, failure: null, cancelled: false }),
      assignProgress: assign((_, params: UploadProgress) => ({ progress: { loaded: params.loaded, total: params.total } })),
      assignResult: assign((_, params: { result: Result }) => ({ result: params.result })),
      assignFailure: assign(({ context }, params: { error: unknown }) => ({ failure: failureOf(params.error, context.format) })),
      markCancelled: assign({ progress: null, cancelled: true }),
      sendReload: sendReload(),
    },
  }).createMachine({
    id: dialog.id,
    context: ({ input }) => {
      const startSettings = { ...(dialog.settings ?? ({} as Settings)), ...input.settings };
      return { ...initial, reloadTarget: input.reloadTarget, startSettings, settings: startSettings };
    },
    initial: 'closed',
    states: {
      closed: {
        on: { 'user.open': { target: 'open', actions: 'reset' } },
      },
      open: {
        tags: 'modalOpen',
        initial: 'noFile',
        on: {
          'user.close': { target: 'closed', actions: 'reset' },
          'user.chooseFile': [
            {
              guard: { type: 'isAccepted', params: ({ event }) => ({ file: event.file }) },
              target: '.fileChosen',
              actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
            },
            { target: '.noFile', actions: 'refuseFile' },
          ],
        },
        states: {
          noFile: {
            on: {
              'user.changeFormat': { actions: { type: 'assignFormat', params: ({ event }) => event } },
              'user.changeSettings': { actions: { type: 'assignSettings', params: ({ event }) => event } },
            },
          },
          fileChosen: {
            on: {
              'user.changeFormat': { actions: { type: 'assignFormat', params: ({ event }) => event } },
              'user.changeSettings': { actions: { type: 'assignSettings', params: ({ event }) => event } },
              'user.upload': { target: 'uploading', actions: 'startUpload' },
            },
          },
          uploading: {
            tags: 'busy',
            invoke: {
              id: dialog.uploadId,
              src: 'upload',
              input: ({ context, self }) => ({
                file: context.file!,
                format: context.format,
                settings: context.settings,
                reportProgress: (progress: UploadProgress) => self.send({ type: 'upload.progress', ...progress }),
              }),
              onDone: {
                target: 'complete',
                actions: [{ type: 'assignResult', params: ({ event }) => ({ result: event.output }) }, 'sendReload'],
              },
              onError: { target: 'failed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
            },
            on: {
              'upload.progress': { actions: { type: 'assignProgress', params: ({ event }) => event } },
              'user.cancelUpload': { target: 'fileChosen', actions: 'markCancelled' },
              // No other file, format or closing while the request runs: Cancel first.
              'user.chooseFile': {},
              'user.close': {},
            },
          },
          // The result stays until the person closes the dialog.
          complete: { on: { 'user.chooseFile': {} } },
          failed: {
            on: {
              'user.upload': { target: 'uploading', actions: 'startUpload' },
              'user.changeFormat': { target: 'fileChosen', actions: { type: 'assignFormat', params: ({ event }) => event } },
              'user.changeSettings': { target: 'fileChosen', actions: { type: 'assignSettings', params: ({ event }) => event } },
            },
          },
        },
      },
    },
  });
}
