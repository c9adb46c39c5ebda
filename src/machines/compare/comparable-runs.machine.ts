import { assign, fromPromise, setup } from 'xstate';
import { compareRunsHref, type ComparableRun, type DatedRun } from '../../domain/compare/compare-links';
import type { Page } from '../../domain/evaluations/evaluation-service-types';
import { messageOf } from '../../domain/shared/error-message';
import { notProvided } from '../shared/not-provided';

// On /experiment-run-results/{id}: "Compare with…", a dialog of the finished runs that share the run's
// dataset or golden set (any experiment), newest first, a page at a time. Choosing one goes to the comparison
// of the two, the older run as the baseline. None: the dialog says so. A failed page can be fetched again.

/** Rows a page of the dialog shows. */
export const COMPARABLE_PAGE_SIZE = 10;

export type ComparableRunsContext = {
  /** The run whose page this is, set when the dialog opens (its date decides the direction). */
  run: DatedRun | null;
  page: number;
  runs: ComparableRun[];
  total: number | null;
  error: string | null;
};

export type ComparableRunsEvent =
  | { type: 'user.open'; run: DatedRun }
  | { type: 'user.close' }
  | { type: 'user.nextPage' }
  | { type: 'user.previousPage' }
  | { type: 'user.retry' }
  | { type: 'user.choose'; run: DatedRun };

export type ComparableRunsFetch = { runId: number; page: number; pageSize: number };

const closed = { run: null, page: 1, runs: [], total: null, error: null };

export const comparableRunsMachine = setup({
  types: {
    context: {} as ComparableRunsContext,
    events: {} as ComparableRunsEvent,
    tags: {} as 'open' | 'loading' | 'empty' | 'failed',
  },
  actors: {
    fetchComparableRuns: fromPromise<Page<ComparableRun>, ComparableRunsFetch>(notProvided('fetchComparableRuns')),
  },
  guards: {
    // Only the first page empty means there is none; a later one (the runs changed meanwhile) shows Previous.
    isNone: ({ context }, params: { page: Page<ComparableRun> }) => context.page === 1 && params.page.items.length === 0,
    hasNextPage: ({ context: { runs, page, total } }) =>
      runs.length === COMPARABLE_PAGE_SIZE && (total === null || page * COMPARABLE_PAGE_SIZE < total),
    isAfterFirstPage: ({ context }) => context.page > 1,
  },
  actions: {
    /** Moves to another screen (wouter's navigate). */
    navigateTo: notProvided<{ path: string }>('navigateTo'),
    assignRun: assign((_, params: { run: DatedRun }) => ({ ...closed, run: params.run })),
    reset: assign(closed),
    assignPage: assign((_, params: { page: Page<ComparableRun> }) => ({ runs: params.page.items, total: params.page.total, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    nextPage: assign(({ context }) => ({ page: context.page + 1 })),
    previousPage: assign(({ context }) => ({ page: context.page - 1 })),
  },
}).createMachine({
  id: 'comparableRuns',
  context: closed,
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'open', actions: { type: 'assignRun', params: ({ event }) => ({ run: event.run }) } } },
    },
    open: {
      tags: 'open',
      on: { 'user.close': { target: 'closed', actions: 'reset' } },
      initial: 'loading',
      states: {
        loading: {
          tags: 'loading',
          invoke: {
            id: 'fetchComparableRuns',
            src: 'fetchComparableRuns',
            input: ({ context }) => ({ runId: context.run!.id, page: context.page, pageSize: COMPARABLE_PAGE_SIZE }),
            onDone: [
              { guard: { type: 'isNone', params: ({ event }) => ({ page: event.output }) }, target: 'none' },
              { target: 'listed', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) } },
            ],
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        listed: {
          on: {
            'user.nextPage': { guard: 'hasNextPage', target: 'loading', actions: 'nextPage' },
            'user.previousPage': { guard: 'isAfterFirstPage', target: 'loading', actions: 'previousPage' },
            'user.choose': {
              target: '#comparableRuns.closed',
              actions: [
                { type: 'navigateTo', params: ({ context, event }) => ({ path: compareRunsHref(context.run!, event.run) }) },
                'reset',
              ],
            },
          },
        },
        none: { tags: 'empty' },
        failed: { tags: 'failed', on: { 'user.retry': 'loading' } },
      },
    },
  },
});
