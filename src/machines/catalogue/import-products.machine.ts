import { assign, fromPromise, setup } from 'xstate';
import { formatOfFileName, type CatalogueFormat } from '../../domain/catalogue/catalogue';
import type { CatalogueImportCounts } from '../../domain/experiments/evaluation-backend-types';
import type { CsvProblem, UploadProgress } from '../../domain/datasets/upload-types';
import { notProvided } from '../shared/not-provided';
import { sendReload, type ReloadInput } from '../shared/reload';

// On /catalogue, the 'Import products' dialog. No file → file chosen (its format read from the name:
// .csv, .jsonl or .ndjson; a select overrides it) → uploading with progress → complete with the counts, or
// failed with the server's message and row problems (it imports all or nothing). Cancel stops the upload
// (leaving `uploading` stops `importProducts`, whose abort signal aborts the request). The format can change
// after a failure: a file refused as CSV may be JSON Lines. Its reload target (the products list) hears
// `reload` after a complete import.

export type ImportInput = { file: File; format: CatalogueFormat; reportProgress(progress: UploadProgress): void };

export type ImportFailure = { message: string; problems: CsvProblem[]; format: CatalogueFormat };

export type ImportProductsContext = ReloadInput & {
  file: File | null;
  format: CatalogueFormat;
  progress: UploadProgress | null;
  result: CatalogueImportCounts | null;
  failure: ImportFailure | null;
  cancelled: boolean;
};

export type ImportProductsEvent =
  | { type: 'user.open' }
  | { type: 'user.close' }
  | { type: 'user.chooseFile'; file: File }
  | { type: 'user.changeFormat'; format: CatalogueFormat }
  | { type: 'user.upload' }
  | { type: 'user.cancelUpload' }
  | ({ type: 'upload.progress' } & UploadProgress);

function failureOf(error: unknown, format: CatalogueFormat): ImportFailure {
  const problems = (error as { problems?: CsvProblem[] } | null)?.problems;
  return { message: error instanceof Error ? error.message : '', problems: Array.isArray(problems) ? problems : [], format };
}

const initial: Omit<ImportProductsContext, 'reloadTarget'> = {
  file: null,
  format: 'csv',
  progress: null,
  result: null,
  failure: null,
  cancelled: false,
};

export const importProductsMachine = setup({
  types: {
    context: {} as ImportProductsContext,
    input: {} as ReloadInput,
    events: {} as ImportProductsEvent,
    tags: {} as 'modalOpen' | 'busy',
  },
  actors: {
    importProducts: fromPromise<CatalogueImportCounts, ImportInput>(notProvided('importProducts')),
  },
  actions: {
    reset: assign(initial),
    // A name that says neither format keeps the one chosen (CSV unless changed), as the server would read it.
    assignFile: assign(({ context }, params: { file: File }) => ({
      ...initial,
      file: params.file,
      format: formatOfFileName(params.file.name) ?? context.format,
    })),
    assignFormat: assign((_, params: { format: CatalogueFormat }) => ({ format: params.format, failure: null, cancelled: false })),
    startUpload: assign({ progress: null, failure: null, cancelled: false }),
    assignProgress: assign((_, params: UploadProgress) => ({ progress: { loaded: params.loaded, total: params.total } })),
    assignResult: assign((_, params: { result: CatalogueImportCounts }) => ({ result: params.result })),
    assignFailure: assign(({ context }, params: { error: unknown }) => ({ failure: failureOf(params.error, context.format) })),
    markCancelled: assign({ progress: null, cancelled: true }),
    sendReload: sendReload(),
  },
}).createMachine({
  id: 'importProducts',
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
        'user.chooseFile': { target: '.fileChosen', actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) } },
      },
      states: {
        noFile: {
          on: { 'user.changeFormat': { actions: { type: 'assignFormat', params: ({ event }) => event } } },
        },
        fileChosen: {
          on: {
            'user.changeFormat': { actions: { type: 'assignFormat', params: ({ event }) => event } },
            'user.upload': { target: 'uploading', actions: 'startUpload' },
          },
        },
        uploading: {
          tags: 'busy',
          invoke: {
            id: 'importProducts',
            src: 'importProducts',
            input: ({ context, self }) => ({
              file: context.file!,
              format: context.format,
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
        // The counts stay until the person closes the dialog.
        complete: { on: { 'user.chooseFile': {} } },
        failed: {
          on: {
            'user.upload': { target: 'uploading', actions: 'startUpload' },
            'user.changeFormat': { target: 'fileChosen', actions: { type: 'assignFormat', params: ({ event }) => event } },
          },
        },
      },
    },
  },
});
