import { assign, fromCallback, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { filterFromSearch, pagedListMachine, pageFromSearch, type ListFilter } from '../shared/paged-list.machine';
import { notProvided } from '../shared/not-provided';
import { queryJudgementsMachine } from './query-judgements.machine';
import { resourceMachine } from '../shared/resource.machine';
import { scaleEditorMachine } from './scale-editor.machine';
import { clickGradesMachine } from './click-grades.machine';
import { DEFAULT_SCALE } from '../../domain/golden-sets/grade-scale';
import { queryFromSearch } from '../../domain/golden-sets/golden-set-address';
import type { GoldenSet } from '../../domain/experiments/evaluation-backend-types';
import type { GradeScale } from '../../domain/judging/golden-set-judging-types';
import { hasNoRouteId } from '../../domain/shell/route-id';

// The /golden-sets/{id} page: one golden set opened. The header is the golden set (the one-record machine),
// below it its queries (a paged list searched, both in the address), the query opened (`?query=`, its
// judgements graded in place by query-judgements), the history of changes (paged, not in the address: it
// follows the page, not a place to share) and the scale editor. What a child saved on the server is seen
// here (its count of saves grows) and the others fetch again: a saved grade refreshes the counts, the queries and the history; a saved
// scale refreshes the golden set, whose new scale goes to the judgements. Grades stored from clicks (a dialog
// told to reload the page) refresh the golden set, the queries and the history.

export const QUERY_FILTER = ['search'] as const;

export type GoldenSetPageInput = { goldenSetId: number | null; page: number; filter: ListFilter; query: string | null };

export const goldenSetPageInput = (goldenSetId: number | null, search: string): GoldenSetPageInput => ({
  goldenSetId,
  page: pageFromSearch(search),
  filter: filterFromSearch(search, QUERY_FILTER),
  query: queryFromSearch(search),
});

export type GoldenSetPageContext = {
  goldenSetId: number | null;
  openQuery: string | null;
  scale: GradeScale;
  goldenSet: ActorRefFrom<typeof resourceMachine>;
  queries: ActorRefFrom<typeof pagedListMachine>;
  history: ActorRefFrom<typeof pagedListMachine>;
  scaleEditor: ActorRefFrom<typeof scaleEditorMachine>;
  clickGrades: ActorRefFrom<typeof clickGradesMachine>;
  /** The saves of the judgements and of the scale already answered with a refresh. */
  judgementSaves: number;
  scaleSaves: number;
};

export type GoldenSetPageEvent =
  | { type: 'user.openQuery'; query: string }
  | { type: 'user.closeQuery' }
  /** Back, Forward or a link changed the query opened. */
  | { type: 'route.changed'; query: string | null }
  | { type: 'reload' }
  | { type: 'xstate.snapshot.scaleEditor'; snapshot: SnapshotFrom<typeof scaleEditorMachine> }
  | { type: 'xstate.snapshot.goldenSet'; snapshot: SnapshotFrom<typeof resourceMachine> };

const sameScale = (a: GradeScale, b: GradeScale) => a.max_grade === b.max_grade && a.labels.join('\n') === b.labels.join('\n');
const scaleOf = (snapshot: SnapshotFrom<typeof resourceMachine>) => (snapshot.context.data as GoldenSet | null)?.scale ?? null;

export const goldenSetPageMachine = setup({
  types: {
    input: {} as GoldenSetPageInput,
    context: {} as GoldenSetPageContext,
    events: {} as GoldenSetPageEvent,
    tags: {} as 'notFound' | 'missing',
  },
  actors: {
    // src/logic gives each its calls.
    goldenSet: resourceMachine,
    queries: pagedListMachine,
    history: pagedListMachine,
    scaleEditor: scaleEditorMachine,
    clickGrades: clickGradesMachine,
    queryJudgements: queryJudgementsMachine,
    listenForRoute: fromCallback<GoldenSetPageEvent>(notProvided('listenForRoute')),
  },
  actions: {
    /** Writes the query opened (or none) into the address as a new entry, the list's search and page kept. */
    showQuery: notProvided<{ query: string | null }>('showQuery'),
    assignQuery: assign((_, params: { query: string | null }) => ({ openQuery: params.query })),
    assignScale: assign((_, params: { scale: GradeScale }) => ({ scale: params.scale })),
    assignJudgementSaves: assign((_, params: { saves: number }) => ({ judgementSaves: params.saves })),
    assignScaleSaves: assign((_, params: { saves: number }) => ({ scaleSaves: params.saves })),
    reloadQueries: sendTo(({ context }) => context.queries, { type: 'reload' }),
    reloadHistory: sendTo(({ context }) => context.history, { type: 'reload' }),
    reloadGoldenSet: sendTo(({ context }) => context.goldenSet, { type: 'reload' }),
  },
  guards: {
    hasNoRouteId,
    isMissing: (_, params: { snapshot: SnapshotFrom<typeof resourceMachine> }) => params.snapshot.hasTag('missing'),
    isNewScale: ({ context }, params: { snapshot: SnapshotFrom<typeof resourceMachine> }) => {
      const scale = scaleOf(params.snapshot);
      return scale !== null && !sameScale(scale, context.scale);
    },
    isOtherQuery: ({ context }, params: { query: string | null }) => params.query !== context.openQuery,
    hasOpenQuery: ({ context }) => context.openQuery !== null,
    isNewJudgementSave: ({ context }, params: { saves: number; saving: boolean }) =>
      !params.saving && params.saves > context.judgementSaves,
    isNewScaleSave: ({ context }, params: { saves: number }) => params.saves > context.scaleSaves,
  },
}).createMachine({
  id: 'goldenSetPage',
  context: ({ input, spawn, self }) => ({
    goldenSetId: input.goldenSetId,
    openQuery: input.query,
    scale: DEFAULT_SCALE,
    goldenSet: spawn('goldenSet', { id: 'goldenSet', syncSnapshot: true, input: { id: input.goldenSetId } }),
    queries: spawn('queries', { id: 'queries', input: { page: input.page, filter: input.filter, ownerId: input.goldenSetId } }),
    history: spawn('history', { id: 'history', input: { ownerId: input.goldenSetId } }),
    scaleEditor: spawn('scaleEditor', { id: 'scaleEditor', syncSnapshot: true, input: { goldenSetId: input.goldenSetId } }),
    clickGrades: spawn('clickGrades', { id: 'clickGrades', input: { goldenSetId: input.goldenSetId, reloadTarget: self } }),
    judgementSaves: 0,
    scaleSaves: 0,
  }),
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.goldenSetId }) }, target: 'notFound' },
        { target: 'showing' },
      ],
    },
    notFound: { tags: 'notFound' },
    missing: { tags: 'missing' },
    showing: {
      invoke: { id: 'listenForRoute', src: 'listenForRoute' },
      on: {
        'xstate.snapshot.goldenSet': [
          { guard: { type: 'isMissing', params: ({ event }) => event }, target: 'missing' },
          {
            guard: { type: 'isNewScale', params: ({ event }) => event },
            actions: { type: 'assignScale', params: ({ event }) => ({ scale: scaleOf(event.snapshot)! }) },
          },
        ],
        'xstate.snapshot.scaleEditor': {
          guard: { type: 'isNewScaleSave', params: ({ event }) => ({ saves: event.snapshot.context.saves }) },
          actions: [{ type: 'assignScaleSaves', params: ({ event }) => ({ saves: event.snapshot.context.saves }) }, 'reloadGoldenSet'],
        },
        reload: { actions: ['reloadGoldenSet', 'reloadQueries', 'reloadHistory'] },
        'user.openQuery': {
          guard: { type: 'isOtherQuery', params: ({ event }) => event },
          target: '.choosing',
          reenter: true,
          actions: [
            { type: 'assignQuery', params: ({ event }) => event },
            { type: 'showQuery', params: ({ event }) => event },
          ],
        },
        'user.closeQuery': {
          guard: 'hasOpenQuery',
          target: '.closed',
          actions: [
            { type: 'assignQuery', params: { query: null } },
            { type: 'showQuery', params: { query: null } },
          ],
        },
        'route.changed': {
          guard: { type: 'isOtherQuery', params: ({ event }) => event },
          target: '.choosing',
          reenter: true,
          actions: { type: 'assignQuery', params: ({ event }) => event },
        },
      },
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'hasOpenQuery', target: 'open' }, { target: 'closed' }] },
        closed: {},
        open: {
          entry: { type: 'assignJudgementSaves', params: { saves: 0 } },
          // A new scale reaches the judgements too (only while they exist; a missing golden set has none).
          on: {
            'xstate.snapshot.goldenSet': {
              guard: { type: 'isNewScale', params: ({ event }) => event },
              actions: [
                { type: 'assignScale', params: ({ event }) => ({ scale: scaleOf(event.snapshot)! }) },
                sendTo('judgements', ({ context }) => ({ type: 'scale.changed' as const, scale: context.scale })),
              ],
            },
          },
          invoke: {
            id: 'judgements',
            src: 'queryJudgements',
            input: ({ context }) => ({ goldenSetId: context.goldenSetId!, query: context.openQuery!, scale: context.scale }),
            onSnapshot: {
              // Once the queue is empty: a burst of keys refreshes the lists once, not once per key.
              guard: {
                type: 'isNewJudgementSave',
                params: ({ event }) => ({ saves: event.snapshot.context.saves, saving: event.snapshot.hasTag('saving') }),
              },
              actions: [
                { type: 'assignJudgementSaves', params: ({ event }) => ({ saves: event.snapshot.context.saves }) },
                'reloadGoldenSet',
                'reloadQueries',
                'reloadHistory',
              ],
            },
          },
        },
      },
    },
  },
});
