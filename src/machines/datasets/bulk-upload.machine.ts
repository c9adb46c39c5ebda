import { assign, fromPromise, setup } from 'xstate';
import { isCsvFile } from '../../domain/shared/csv-file';
import type { BulkUploadCounts, CsvProblem, UploadProgress } from '../../domain/datasets/upload-types';
import { notProvided } from '../shared/not-provided';
import { sendReload, type ReloadInput } from '../shared/reload';

// The Bulk upload dialog: no file → file chosen → uploading → complete | failed. Only CSV
// files are taken ('Please select a CSV file'); Upload is refused until a file is chosen and while one
// uploads. Beyond the product specification: progress while uploading, and Cancel stops the upload (leaving `uploading`
// stops the `uploadCsv` actor, whose abort signal aborts the request; the server then writes nothing).
// Its reload target (the entries list) hears `reload` after a complete upload.

export type UploadInput = { file: File; reportProgress(progress: UploadProgress): void };

export type UploadFailure = { message: string; problems: CsvProblem[] };

export type BulkUploadContext = ReloadInput & {
  file: File | null;
  fileError: string | null;
  progress: UploadProgress | null;
  result: BulkUploadCounts | null;
  failure: UploadFailure | null;
  cancelled: boolean;
};

export type BulkUploadEvent =
  | { type: 'user.open' }
  | { type: 'user.close' }
  | { type: 'user.chooseFile'; file: File }
  | { type: 'user.upload' }
  | { type: 'user.cancelUpload' }
  | ({ type: 'upload.progress' } & UploadProgress);

const NOT_CSV = 'Please select a CSV file';
/** What to do about a refused file or refused rows: the prescribed texts say only that it failed. */
export const NOT_CSV_FIX =
  'Save the file as CSV (comma-separated, UTF-8, a name ending in .csv) with the columns above, or start from the template.';
export const PROBLEMS_FIX = 'Correct these rows in the file, then choose it again and upload.';

function failureOf(error: unknown): UploadFailure {
  const problems = (error as { problems?: CsvProblem[] } | null)?.problems;
  return {
    message: error instanceof Error && error.message ? error.message : '',
    problems: Array.isArray(problems) ? problems : [],
  };
}

const initial: Omit<BulkUploadContext, 'reloadTarget'> = {
  file: null,
  fileError: null,
  progress: null,
  result: null,
  failure: null,
  cancelled: false,
};

export const bulkUploadMachine = setup({
  types: {
    context: {} as BulkUploadContext,
    input: {} as ReloadInput,
    events: {} as BulkUploadEvent,
    tags: {} as 'modalOpen' | 'busy',
  },
  actors: {
    uploadCsv: fromPromise<BulkUploadCounts, UploadInput>(notProvided('uploadCsv')),
  },
  guards: {
    isCsv: (_, params: { file: File }) => isCsvFile(params.file),
  },
  actions: {
    reset: assign(initial),
    assignFile: assign((_, params: { file: File }) => ({ ...initial, file: params.file })),
    refuseFile: assign({ file: null, fileError: NOT_CSV, failure: null, result: null, cancelled: false }),
    startUpload: assign({ progress: null, failure: null, cancelled: false }),
    assignProgress: assign((_, params: UploadProgress) => ({ progress: { loaded: params.loaded, total: params.total } })),
    assignResult: assign((_, params: { result: BulkUploadCounts }) => ({ result: params.result })),
    assignFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    markCancelled: assign({ progress: null, cancelled: true }),
    sendReload: sendReload(),
  },
}).createMachine({
  id: 'bulkUpload',
  context: ({ input }) => ({ ...initial, reloadTarget: input.reloadTarget }),
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
            guard: { type: 'isCsv', params: ({ event }) => ({ file: event.file }) },
            target: '.fileChosen',
            actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
          },
          { target: '.noFile', actions: 'refuseFile' },
        ],
      },
      states: {
        noFile: {},
        fileChosen: {
          on: { 'user.upload': { target: 'uploading', actions: 'startUpload' } },
        },
        uploading: {
          tags: 'busy',
          invoke: {
            id: 'uploadCsv',
            src: 'uploadCsv',
            input: ({ context, self }) => ({
              file: context.file!,
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
            // No other file and no closing while the request runs: Cancel first.
            'user.chooseFile': {},
            'user.close': {},
          },
        },
        // The summary stays until the person closes the dialog.
        complete: { on: { 'user.chooseFile': {} } },
        failed: {
          on: { 'user.upload': { target: 'uploading', actions: 'startUpload' } },
        },
      },
    },
  },
});
