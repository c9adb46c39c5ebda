import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { hasNoRouteId } from '../../domain/shell/route-id';
import { pagedListMachine } from '../shared/paged-list.machine';
import { resourceMachine } from '../shared/resource.machine';

// The /evaluation-scripts/{id}/experiments page: the script's details (for its name in the title) and its own
// paged experiments. Nothing here changes data, so nothing reloads. Without a valid script id in the address
// the page is `notFound` (it says 'Invalid evaluation script ID').

export type ScriptExperimentsPageInput = { scriptId: number | null; page: number };

export type ScriptExperimentsPageContext = {
  scriptId: number | null;
  details: ActorRefFrom<typeof resourceMachine>;
  list: ActorRefFrom<typeof pagedListMachine>;
};

export const scriptExperimentsPageMachine = setup({
  types: {
    input: {} as ScriptExperimentsPageInput,
    context: {} as ScriptExperimentsPageContext,
    tags: {} as 'notFound' | 'missing',
    events: {} as { type: 'xstate.snapshot.details'; snapshot: SnapshotFrom<typeof resourceMachine> },
  },
  actors: {
    // src/logic gives each its actors (the script call, the script's experiments call).
    details: resourceMachine,
    list: pagedListMachine,
  },
  guards: {
    hasNoRouteId,
    isMissing: (_, params: { snapshot: SnapshotFrom<typeof resourceMachine> }) => params.snapshot.hasTag('missing'),
  },
}).createMachine({
  id: 'scriptExperimentsPage',
  context: ({ input, spawn }) => ({
    scriptId: input.scriptId,
    details: spawn('details', { id: 'details', syncSnapshot: true, input: { id: input.scriptId } }),
    list: spawn('list', { id: 'list', input: { page: input.page, ownerId: input.scriptId } }),
  }),
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.scriptId }) }, target: 'notFound' },
        { target: 'showing' },
      ],
    },
    // Its flows were started without an id too, so they fetched nothing.
    notFound: { tags: 'notFound' },
    // The server has no script of that id: the page shows no actions.
    missing: { tags: 'missing' },
    showing: {
      on: {
        'xstate.snapshot.details': {
          guard: { type: 'isMissing', params: ({ event }) => ({ snapshot: event.snapshot }) },
          target: 'missing',
        },
      },
    },
  },
});
