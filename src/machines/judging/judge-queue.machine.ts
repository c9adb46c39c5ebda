import { assign, fromPromise, not, setup, type ActorRefFrom } from 'xstate';
import { messageOf } from '../../domain/shared/error-message';
import { liveOffset, pageAt, placeItems, QUEUE_PAGE_SIZE, sameQuery } from '../../domain/judging/judge-queue';
import { queueAddress, sourcePath, type QueueSource, type ScopeChoice } from '../../domain/judging/queue-scope';
import type { Judgement, JudgementInput, RunJudgingTarget, UnjudgedItem, UnjudgedPage } from '../../domain/judging/judging-types';
import { hasNoRouteId } from '../../domain/shell/route-id';
import { notProvided } from '../shared/not-provided';
import { rescoreRunMachine } from '../runs/rescore-run.machine';

// 'Judge unjudged': the pairs a person is asked to rate, one at a time: of a run's top k in a scope (the queries its
// golden set judges unless the person picks another), or of a golden set as a whole. The first grade of a query the
// set judges nothing for waits for the person to confirm that it adds the query to the set. Positions are numbered from the queue's opening; the server drops a pair once judged, so a page is
// asked for at the position less what was judged since (liveOffset), once the grades on their way are saved.
// A grade is kept at once and saved behind it, one save at a time (saves); a failed save is reported and the
// item goes back to ungraded. The address
// holds the server's offset of the current item (`?at=n`): a reload opens there, the pairs before it being the
// skipped ones. What is left is the server's count of unjudged pairs at the latest page, less the grades saved since
// and those on their way, so the counter moves on every grade, not only on a move. At the end, a summary and the
// run's rescore.

export type JudgeQueueInput = { source: QueueSource; at: number; pageSize?: number };

type PendingSave = { position: number; grade: number; previous: number | undefined; judgement: JudgementInput };

export type JudgeQueueContext = {
  source: QueueSource;
  pageSize: number;
  /** The run's golden set, its scale and the run's number, once read. */
  target: RunJudgingTarget | null;
  /** The current item's position in the queue. */
  position: number;
  items: Record<number, UnjudgedItem>;
  /** How many pairs the queue has: the server's total when it opened, less any that vanished since. */
  total: number | null;
  /** Grades by position, shown before the server has them. */
  graded: Record<number, number>;
  skipped: number[];
  /** The server's count of unjudged pairs: its total at the latest page, less the pairs saved since. */
  unjudged: number | null;
  /** Ratings the scope still misses by the server's count at the latest page, less the grades saved since. */
  missing: number | null;
  /** Positions whose grade the server has: a grade given again does not judge another pair. */
  saved: number[];
  /** New queries the person agreed to add to the set: their further pairs are graded without asking again. */
  confirmed: string[];
  /** The grade waiting for that agreement. */
  proposed: number | null;
  pending: PendingSave[];
  saveError: string | null;
  error: string | null;
  rescorer: ActorRefFrom<typeof rescoreRunMachine>;
};

export type JudgeQueueEvent =
  | { type: 'user.grade'; grade: number }
  | { type: 'user.next' }
  | { type: 'user.previous' }
  | { type: 'user.skip' }
  | { type: 'user.retry' }
  | { type: 'user.back' }
  | { type: 'user.scope'; choice: ScopeChoice }
  | { type: 'user.confirmNewQuery' }
  | { type: 'user.cancelNewQuery' };

export type UnjudgedFetch = { source: QueueSource; page: number; pageSize: number };

/** The queue's address at its current pair: the server's offset of it. */
const addressOf = ({ context }: { context: JudgeQueueContext }) => ({
  path: queueAddress(context.source, liveOffset(context.position, context.graded)),
});

/** A queue as it opens: nothing read, nothing graded. */
const freshQueue = (at: number) => ({
  position: at,
  items: {},
  total: null,
  graded: {},
  // Reopened at an offset: the pairs before it are the ones skipped last time.
  skipped: range(at),
  unjudged: null,
  missing: null,
  saved: [],
});

/** A grade of the set's scale. */
const inScale = (context: JudgeQueueContext, grade: number) =>
  Number.isInteger(grade) && grade >= 0 && grade <= (context.target?.scale.max_grade ?? -1);

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

export const judgeQueueMachine = setup({
  types: {
    input: {} as JudgeQueueInput,
    context: {} as JudgeQueueContext,
    events: {} as JudgeQueueEvent,
    tags: {} as 'notFound' | 'loading' | 'failed' | 'showing' | 'confirming' | 'finished' | 'empty' | 'saving',
  },
  actors: {
    fetchTarget: fromPromise<RunJudgingTarget, { source: QueueSource }>(notProvided('fetchTarget')),
    fetchItems: fromPromise<UnjudgedPage, UnjudgedFetch>(notProvided('fetchItems')),
    saveGrade: fromPromise<Judgement, { goldenSetId: number; judgement: JudgementInput }>(notProvided('saveGrade')),
    rescoreRun: rescoreRunMachine,
  },
  guards: {
    hasNoRouteId,
    inScale: ({ context }, params: { grade: number }) => inScale(context, params.grade),
    canGoBack: ({ context }) => context.position > 0 && (context.total ?? 0) > 0,
    isEmpty: ({ context }) => context.total === 0,
    isPastEnd: ({ context }) => context.position >= (context.total ?? 0),
    isUnloaded: ({ context }) => context.items[context.position] === undefined,
    hasPending: ({ context }) => context.pending.length > 0,
    /** A grade in the scale of a pair whose query is new to the set, which the person has not agreed to add yet. */
    addsQuery: ({ context }, params: { grade: number }) => {
      const item = context.items[context.position];
      return inScale(context, params.grade) && item.new_query && !context.confirmed.some((query) => sameQuery(query, item.query));
    },
    /** Another scope of a run's queue, once no grade is on its way (their positions are this scope's). */
    canRescope: ({ context }) => context.source.kind === 'run' && context.pending.length === 0,
  },
  actions: {
    navigateTo: notProvided<{ path: string }>('navigateTo'),
    replaceAddress: notProvided<{ path: string }>('replaceAddress'),
    grade: assign(({ context }, { grade }: { grade: number }) => {
      const item = context.items[context.position];
      const judgement = { query: item.query, product_id: item.product_id, grade };
      const save = { position: context.position, grade, previous: context.graded[context.position], judgement };
      return { graded: { ...context.graded, [context.position]: grade }, pending: [...context.pending, save], saveError: null };
    }),
    propose: assign((_, { grade }: { grade: number }) => ({ proposed: grade })),
    dropProposal: assign({ proposed: null }),
    confirmQuery: assign(({ context }) => ({ confirmed: [...context.confirmed, context.items[context.position].query] })),
    rescope: assign(({ context }, { choice }: { choice: ScopeChoice }) => ({
      ...freshQueue(0),
      source: context.source.kind === 'run' ? { ...context.source, choice } : context.source,
    })),
    skip: assign({
      skipped: ({ context }) => (context.skipped.includes(context.position) ? context.skipped : [...context.skipped, context.position]),
    }),
    forward: assign({ position: ({ context }) => context.position + 1 }),
    back: assign({ position: ({ context }) => context.position - 1 }),
    placeFetched: assign(({ context }, { page, skip }: { page: UnjudgedPage; skip: number }) => {
      const fetched = page.items.slice(skip);
      // Pairs judged elsewhere meanwhile can leave the list short: the queue then ends where it ran out.
      const total = Math.min(context.total ?? page.total, fetched.length === 0 ? context.position : Infinity);
      return {
        items: placeItems(context.items, context.position, fetched),
        total,
        position: Math.min(context.position, total),
        skipped: context.skipped.filter((position) => position < total),
        // No grade is on its way when a page is asked for, so its totals count every one given here.
        unjudged: page.total,
        missing: page.missing,
      };
    }),
    saved: assign(({ context }) => {
      const [done, ...pending] = context.pending;
      if (context.saved.includes(done.position)) return { pending };
      return {
        pending,
        saved: [...context.saved, done.position],
        unjudged: Math.max(0, (context.unjudged ?? 0) - 1),
        missing: context.missing === null ? null : Math.max(0, context.missing - 1),
      };
    }),
    saveFailed: assign(({ context }, { error }: { error: unknown }) => {
      const [failed, ...pending] = context.pending;
      const graded = { ...context.graded };
      // A later grade of the same item stands.
      if (graded[failed.position] === failed.grade) {
        if (failed.previous === undefined) delete graded[failed.position];
        else graded[failed.position] = failed.previous;
      }
      const { query, product_id: productId, grade } = failed.judgement;
      return { pending, graded, saveError: `Grade ${grade} for ${productId} (“${query}”) was not saved: ${messageOf(error)}` };
    }),
    assignError: assign((_, { error }: { error: unknown }) => ({ error: messageOf(error) })),
  },
}).createMachine({
  id: 'judgeQueue',
  context: ({ input, spawn }) => ({
    source: input.source,
    pageSize: input.pageSize ?? QUEUE_PAGE_SIZE,
    target: null,
    ...freshQueue(input.at),
    confirmed: [],
    proposed: null,
    pending: [],
    saveError: null,
    error: null,
    rescorer: spawn('rescoreRun', { id: 'rescorer' }),
  }),
  initial: 'checkingId',
  on: {
    'user.back': { actions: { type: 'navigateTo', params: ({ context }) => ({ path: sourcePath(context.source) }) } },
  },
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.source.id }) }, target: 'notFound' },
        { target: 'opening' },
      ],
    },
    notFound: { tags: 'notFound' },
    opening: {
      tags: 'loading',
      invoke: {
        id: 'fetchTarget',
        src: 'fetchTarget',
        input: ({ context }) => ({ source: context.source }),
        onDone: { target: 'ready', actions: assign({ target: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { tags: 'failed', on: { 'user.retry': 'opening' } },
    ready: {
      type: 'parallel',
      states: {
        queue: {
          initial: 'fetching',
          states: {
            fetching: {
              tags: 'loading',
              invoke: {
                id: 'fetchItems',
                src: 'fetchItems',
                input: ({ context }) => ({
                  source: context.source,
                  pageSize: context.pageSize,
                  page: pageAt(liveOffset(context.position, context.graded), context.pageSize).page,
                }),
                onDone: {
                  target: 'placing',
                  actions: {
                    type: 'placeFetched',
                    params: ({ context, event }) => ({
                      page: event.output,
                      skip: pageAt(liveOffset(context.position, context.graded), context.pageSize).skip,
                    }),
                  },
                },
                onError: { target: 'fetchFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            fetchFailed: { tags: 'failed', on: { 'user.retry': 'fetching' } },
            // The offset of a page counts the grades the server has: a grade still on its way would shift it.
            awaitingSaves: { tags: 'loading', always: { guard: not('hasPending'), target: 'fetching' } },
            // Where a move lands: the item, a page to fetch first, or the end.
            placing: {
              entry: { type: 'replaceAddress', params: addressOf },
              always: [
                { guard: 'isEmpty', target: 'empty' },
                { guard: 'isPastEnd', target: 'finished' },
                { guard: 'isUnloaded', target: 'awaitingSaves' },
                { target: 'showing' },
              ],
            },
            showing: {
              tags: 'showing',
              on: {
                'user.grade': [
                  {
                    guard: { type: 'addsQuery', params: ({ event }) => ({ grade: event.grade }) },
                    target: 'confirmingNewQuery',
                    actions: { type: 'propose', params: ({ event }) => ({ grade: event.grade }) },
                  },
                  {
                    guard: { type: 'inScale', params: ({ event }) => ({ grade: event.grade }) },
                    target: 'placing',
                    actions: [{ type: 'grade', params: ({ event }) => ({ grade: event.grade }) }, 'forward'],
                  },
                ],
                'user.next': { target: 'placing', actions: 'forward' },
                'user.skip': { target: 'placing', actions: ['skip', 'forward'] },
              },
            },
            // Nothing is added to the set silently: the grade waits until the person agrees to add the query.
            confirmingNewQuery: {
              tags: ['showing', 'confirming'],
              on: {
                'user.confirmNewQuery': {
                  target: 'placing',
                  actions: [
                    'confirmQuery',
                    { type: 'grade', params: ({ context }) => ({ grade: context.proposed! }) },
                    'forward',
                    'dropProposal',
                  ],
                },
                'user.cancelNewQuery': { target: 'showing', actions: 'dropProposal' },
              },
            },
            finished: { tags: 'finished' },
            empty: { tags: 'empty' },
          },
          on: {
            // Back from any item, the end, or while a page loads.
            'user.previous': { guard: 'canGoBack', target: '.placing', actions: ['dropProposal', 'back'] },
            'user.scope': {
              guard: 'canRescope',
              target: '.fetching',
              actions: [
                { type: 'rescope', params: ({ event }) => ({ choice: event.choice }) },
                'dropProposal',
                { type: 'replaceAddress', params: addressOf },
              ],
            },
          },
        },
        saves: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasPending', target: 'saving' } },
            saving: {
              tags: 'saving',
              invoke: {
                id: 'saveGrade',
                src: 'saveGrade',
                input: ({ context }) => ({ goldenSetId: context.target!.goldenSetId, judgement: context.pending[0].judgement }),
                onDone: { target: 'idle', actions: 'saved' },
                onError: {
                  target: 'idle',
                  // Back to ungraded, the pair is in the server's list again: the offset in the address moves.
                  actions: [
                    { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) },
                    { type: 'replaceAddress', params: addressOf },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});
