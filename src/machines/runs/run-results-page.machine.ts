import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { hasNoRouteId } from '../../domain/shell/route-id';
import { comparableRunsMachine } from '../compare/comparable-runs.machine';
import { fileExportMachine } from '../shared/file-export.machine';
import { filterFromSearch, pagedListMachine, pageFromSearch, type ListFilter } from '../shared/paged-list.machine';
import { RESULT_FILTER } from '../../domain/runs/result-filters';
import { rescoreRunMachine } from './rescore-run.machine';
import { resourceMachine } from '../shared/resource.machine';

// The /experiment-run-results/{id} page: the run's paged results, filtered by status and input and sorted by a
// metric or the input (the list's filter, in the address with the page); above them the run (the one-record
// machine: its experiment, configuration and mean metrics) and its exports. Nothing here changes data, so
// nothing reloads. Without a valid run id in the address the page is `notFound` (it says 'Invalid experiment run ID').
// "Compare with…" opens the dialog of the runs this one can be compared with (comparable-runs).
// Rescore (rescore-run) scores a finished run again against its golden set as it is now.

export type RunResultsPageInput = { runId: number | null; page: number; filter?: ListFilter };

export const runResultsPageInput = (runId: number | null, search: string): RunResultsPageInput => ({
  runId,
  page: pageFromSearch(search),
  filter: filterFromSearch(search, RESULT_FILTER),
});

export type RunResultsPageContext = {
  runId: number | null;
  list: ActorRefFrom<typeof pagedListMachine>;
  summary: ActorRefFrom<typeof resourceMachine>;
  exporter: ActorRefFrom<typeof fileExportMachine>;
  comparer: ActorRefFrom<typeof comparableRunsMachine>;
  rescorer: ActorRefFrom<typeof rescoreRunMachine>;
};

export const runResultsPageMachine = setup({
  types: {
    input: {} as RunResultsPageInput,
    context: {} as RunResultsPageContext,
    tags: {} as 'notFound' | 'missing',
    events: {} as { type: 'xstate.snapshot.summary'; snapshot: SnapshotFrom<typeof resourceMachine> },
  },
  actors: {
    // src/logic gives each its actors (the run's results call, the run, the export calls).
    list: pagedListMachine,
    summary: resourceMachine,
    fileExport: fileExportMachine,
    comparableRuns: comparableRunsMachine,
    rescoreRun: rescoreRunMachine,
  },
  guards: {
    hasNoRouteId,
    isMissing: (_, params: { snapshot: SnapshotFrom<typeof resourceMachine> }) => params.snapshot.hasTag('missing'),
  },
}).createMachine({
  id: 'runResultsPage',
  context: ({ input, spawn }) => ({
    runId: input.runId,
    list: spawn('list', { id: 'list', input: { page: input.page, filter: input.filter, ownerId: input.runId } }),
    summary: spawn('summary', { id: 'summary', syncSnapshot: true, input: { id: input.runId } }),
    exporter: spawn('fileExport', { id: 'exporter' }),
    comparer: spawn('comparableRuns', { id: 'comparer' }),
    rescorer: spawn('rescoreRun', { id: 'rescorer' }),
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
    // The server has no run of that id: the page shows no actions.
    missing: { tags: 'missing' },
    showing: {
      on: {
        'xstate.snapshot.summary': {
          guard: { type: 'isMissing', params: ({ event }) => ({ snapshot: event.snapshot }) },
          target: 'missing',
        },
      },
    },
  },
});
