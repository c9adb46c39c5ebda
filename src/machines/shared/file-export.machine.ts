import { assign, fromPromise, setup } from 'xstate';
import type { DownloadedFile } from '../../domain/experiments/evaluation-backend-types';
import { notProvided } from './not-provided';
import { messageOf } from '../../domain/shared/error-message';

// Export a file: the button names what to fetch (an id and a format), the file comes with the bearer
// token and is saved as a download. One export at a time; the busy button says so. A failure names the
// server's reason in red and any export may be tried again. It serves a run's results (CSV, TREC run) and
// a golden set's judgements (CSV, TREC qrels, TREC queries): src/logic binds what each one fetches.

/** What to export: whose file, in which format, and (a comparison of two runs) with which query parameters. */
export type FileExportRequest = { id: number; format: string; query?: Readonly<Record<string, string>> };

export type FileExportContext = {
  /** The thing being exported, or the last one asked for. */
  id: number | null;
  format: string | null;
  query: Readonly<Record<string, string>> | undefined;
  /** The name the last saved file got. */
  savedAs: string | null;
  error: string | null;
};

export type FileExportEvent = { type: 'user.export' } & FileExportRequest;

const exportTransition = {
  target: 'exporting',
  actions: {
    type: 'startExport',
    params: ({ event }: { event: FileExportEvent }) => ({ id: event.id, format: event.format, query: event.query }),
  },
} as const;

export const fileExportMachine = setup({
  types: {
    context: {} as FileExportContext,
    events: {} as FileExportEvent,
    tags: {} as 'busy' | 'failed',
  },
  actors: {
    fetchExport: fromPromise<DownloadedFile, FileExportRequest>(notProvided('fetchExport')),
  },
  actions: {
    /** Hands the file to the browser as a download (an object URL and a temporary link). */
    saveFile: notProvided<DownloadedFile>('saveFile'),
    startExport: assign((_, params: FileExportRequest) => ({
      id: params.id,
      format: params.format,
      query: params.query,
      savedAs: null,
      error: null,
    })),
    assignSaved: assign((_, params: { filename: string }) => ({ savedAs: params.filename })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'fileExport',
  context: { id: null, format: null, query: undefined, savedAs: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.export': exportTransition },
    },
    exporting: {
      tags: 'busy',
      invoke: {
        id: 'fetchExport',
        src: 'fetchExport',
        input: ({ context }) => ({ id: context.id!, format: context.format!, ...(context.query ? { query: context.query } : {}) }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'saveFile', params: ({ event }) => event.output },
            { type: 'assignSaved', params: ({ event }) => ({ filename: event.output.filename }) },
          ],
        },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: {
      on: { 'user.export': exportTransition },
    },
    failed: {
      tags: 'failed',
      on: { 'user.export': exportTransition },
    },
  },
});
