import { setup, type ActorRefFrom } from 'xstate';
import { hasNoRouteId } from '../domain/route-id';
import { fileExportMachine } from './file-export.machine';
import { pagedListMachine } from './paged-list.machine';
import { resourceMachine } from './resource.machine';

// Spec §2 /experiment-run-results/{id}: the run's paged results, above them its mean metrics (the one-record
// machine over the run) and its exports (CSV, TREC run). Nothing here changes data, so nothing reloads.
// Without a valid run id in the address the page is `notFound` (spec §2 'Invalid experiment run ID').

export type RunResultsPageInput = { runId: number | null; page: number };

export type RunResultsPageContext = {
  runId: number | null;
  list: ActorRefFrom<typeof pagedListMachine>;
  summary: ActorRefFrom<typeof resourceMachine>;
  exporter: ActorRefFrom<typeof fileExportMachine>;
};

export const runResultsPageMachine = setup({
  types: {
    input: {} as RunResultsPageInput,
    context: {} as RunResultsPageContext,
    tags: {} as 'notFound',
  },
  actors: {
    // src/logic gives each its actors (the run's results call, the run, the export calls).
    list: pagedListMachine,
    summary: resourceMachine,
    fileExport: fileExportMachine,
  },
  guards: { hasNoRouteId },
}).createMachine({
  id: 'runResultsPage',
  context: ({ input, spawn }) => ({
    runId: input.runId,
    list: spawn('list', { id: 'list', input: { page: input.page, ownerId: input.runId } }),
    summary: spawn('summary', { id: 'summary', input: { id: input.runId } }),
    exporter: spawn('fileExport', { id: 'exporter' }),
  }),
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.runId }) }, target: 'notFound' },
        { target: 'showing' },
      ],
    },
    // Its flows were started without an id too, so they fetched nothing.
    notFound: { tags: 'notFound' },
    showing: {},
  },
});
