import { assign, fromPromise, setup } from 'xstate';
import type { DownloadedFile, RunExportFormat } from '../services/evaluation-backend';

// /experiment-run-results/{id}: 'Export CSV' and 'Export TREC run' fetch the run's results as a file (with
// the bearer token) and save it as a download. One export at a time; the busy button says so. A failure
// names the server's reason in red and either export may be tried again.

export type RunExportInput = { runId: number };

export type RunExportContext = {
  runId: number;
  /** The file being fetched, or the last one asked for. */
  format: RunExportFormat | null;
  /** The name the last saved file got. */
  savedAs: string | null;
  error: string | null;
};

export type RunExportEvent = { type: 'user.export'; format: RunExportFormat };

const notProvided = (name: string) => () => {
  throw new Error(`${name} not provided`);
};

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong.');

const exportTransition = {
  target: 'exporting',
  actions: { type: 'startExport', params: ({ event }: { event: RunExportEvent }) => ({ format: event.format }) },
} as const;

export const runExportMachine = setup({
  types: {
    context: {} as RunExportContext,
    input: {} as RunExportInput,
    events: {} as RunExportEvent,
    tags: {} as 'busy' | 'failed',
  },
  actors: {
    fetchExport: fromPromise<DownloadedFile, { runId: number; format: RunExportFormat }>(notProvided('fetchExport')),
  },
  actions: {
    /** Hands the file to the browser as a download (an object URL and a temporary link). */
    saveFile: notProvided('saveFile') as (_: unknown, params: DownloadedFile) => void,
    startExport: assign((_, params: { format: RunExportFormat }) => ({ format: params.format, error: null })),
    assignSaved: assign((_, params: { filename: string }) => ({ savedAs: params.filename })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'runExport',
  context: ({ input }) => ({ runId: input.runId, format: null, savedAs: null, error: null }),
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
        input: ({ context }) => ({ runId: context.runId, format: context.format! }),
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
