import { assign, setup, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { pagedListMachine } from '../shared/paged-list.machine';
import { scriptFilterMachine } from './script-filter.machine';

// The /experiments page: 'Filter by Script' and the paged experiments. The list is the one the filter names:
// every experiment (with their scripts' names), or one script's own paged experiments call, so the filter
// covers every page. The page hears the filter's choice (it spawns it with `syncSnapshot`) and replaces the list.
// Both come from the address at start (`?script=n&page=m`), so a reload shows the same list.

export type ExperimentsPageInput = { page: number; scriptId: number | null };

export type ExperimentsPageContext = {
  filter: ActorRefFrom<typeof scriptFilterMachine>;
  /** The script whose experiments the list shows; null: every experiment. */
  scriptId: number | null;
  list: ActorRefFrom<typeof pagedListMachine>;
};

export type ExperimentsPageEvent = { type: 'xstate.snapshot.filter'; snapshot: SnapshotFrom<typeof scriptFilterMachine> };

export const experimentsPageMachine = setup({
  types: {
    input: {} as ExperimentsPageInput,
    context: {} as ExperimentsPageContext,
    events: {} as ExperimentsPageEvent,
  },
  actors: {
    // src/logic gives each its actors (the script options; the experiments call; one script's experiments call).
    scriptFilter: scriptFilterMachine,
    allExperiments: pagedListMachine,
    scriptExperiments: pagedListMachine,
  },
  guards: {
    isOtherScript: ({ context }, params: { scriptId: number | null }) => params.scriptId !== context.scriptId,
  },
  actions: {
    stopList: stopChild(({ context }) => context.list),
    // The new list starts at the filter's page: 1 for a new choice, the address's after Back.
    startList: assign(({ spawn }, params: { scriptId: number | null; page: number }) => ({
      scriptId: params.scriptId,
      list:
        params.scriptId === null
          ? spawn('allExperiments', { id: 'list', input: { page: params.page } })
          : spawn('scriptExperiments', { id: 'list', input: { page: params.page, ownerId: params.scriptId } }),
    })),
  },
}).createMachine({
  id: 'experimentsPage',
  context: ({ input, spawn }) => ({
    filter: spawn('scriptFilter', { id: 'filter', syncSnapshot: true, input: { scriptId: input.scriptId } }),
    scriptId: input.scriptId,
    list:
      input.scriptId === null
        ? spawn('allExperiments', { id: 'list', input: { page: input.page } })
        : spawn('scriptExperiments', { id: 'list', input: { page: input.page, ownerId: input.scriptId } }),
  }),
  on: {
    'xstate.snapshot.filter': {
      guard: { type: 'isOtherScript', params: ({ event }) => ({ scriptId: event.snapshot.context.scriptId }) },
      actions: [
        'stopList',
        { type: 'startList', params: ({ event }) => ({ scriptId: event.snapshot.context.scriptId, page: event.snapshot.context.page }) },
      ],
    },
  },
});
