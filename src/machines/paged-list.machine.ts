import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { confirmModalMachine } from './confirm-modal.machine';
import { notProvided } from './not-provided';
import type { ReloadEvent } from './reload';
import { messageOf } from '../domain/error-message';
import { hasNoRouteId } from '../domain/route-id';

// Spec §4 and §9: every paged table. Loading, loaded, an empty page, or failed (with the server's message).
// 'Has more pages' only when a full page of 20 came back; Previous only after page 1. The page lives in the
// address (`?page=n`): the machine writes it with `showPage` and hears Back/Forward through `listenForRoute`.
// Deletes go through a confirm-modal child (`confirmDelete`) handed this list as its reload target; whatever
// changed the rows (that delete, a dialog beside the list) sends `reload` and the page is fetched again.

export const PAGE_SIZE = 20;

export type PageResult<Item> = { items: Item[]; total: number | null };

export type PagedListContext = {
  ownerId?: number | null;
  page: number;
  pageSize: number;
  items: unknown[];
  total: number | null;
  error: string | null;
};

export type PagedListInput = {
  page?: number;
  /**
   * For a list of one record's rows (a run's results, a script's experiments): that record, from the address;
   * null (no valid id) makes the list `notFound` at once.
   */
  ownerId?: number | null;
};

/** What the page call is asked: the page, and the record whose rows these are, if any. */
export type PageFetch = { page: number; pageSize: number; ownerId?: number };

export type PagedListEvent =
  | { type: 'user.nextPage' }
  | { type: 'user.previousPage' }
  | { type: 'user.retry' }
  /** The address changed without the machine (Back, Forward, a link). */
  | { type: 'route.pageChanged'; page: number }
  /** From whatever changed the rows on the server: the delete confirmation, a dialog beside the list. */
  | ReloadEvent;

/** A page number from the address; anything but a positive integer is page 1. */
export function pageFromSearch(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    input: {} as PagedListInput,
    events: {} as PagedListEvent,
    tags: {} as 'busy' | 'empty' | 'failed' | 'notFound',
  },
  actors: {
    fetchPage: fromPromise<PageResult<unknown>, PageFetch>(notProvided('fetchPage')),
    listenForRoute: fromCallback<PagedListEvent>(notProvided('listenForRoute')),
    // The confirm-modal machine; src/logic gives it the delete call of this list's items.
    confirmDelete: confirmModalMachine,
  },
  guards: {
    hasNoRouteId,
    hasNextPage: ({ context }) => context.items.length === context.pageSize,
    isAfterFirstPage: ({ context }) => context.page > 1,
    isEmptyPage: (_, params: { items: unknown[] }) => params.items.length === 0,
    isOtherPage: ({ context }, params: { page: number }) => params.page !== context.page,
  },
  actions: {
    /** Writes `?page=n` into the address as a new history entry (wouter's navigate). */
    showPage: notProvided<{ page: number }>('showPage'),
    setPage: assign((_, params: { page: number }) => ({ page: params.page })),
    assignPage: assign((_, params: PageResult<unknown>) => ({ items: params.items, total: params.total, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ items: [], error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({ ownerId: input.ownerId, page: input.page ?? 1, pageSize: PAGE_SIZE, items: [], total: null, error: null }),
  invoke: [
    { id: 'listenForRoute', src: 'listenForRoute' },
    { id: 'confirmDelete', src: 'confirmDelete', input: ({ self }) => ({ reloadTarget: self }) },
  ],
  on: {
    'route.pageChanged': {
      guard: { type: 'isOtherPage', params: ({ event }) => ({ page: event.page }) },
      target: '.loading',
      actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) },
    },
    reload: '.loading',
  },
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.ownerId }) }, target: 'notFound' },
        { target: 'loading' },
      ],
    },
    // No record to list the rows of: neither the address nor a reload fetches anything.
    notFound: { tags: 'notFound', on: { 'route.pageChanged': {}, reload: {} } },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ page: context.page, pageSize: context.pageSize, ownerId: context.ownerId ?? undefined }),
        onDone: [
          {
            guard: { type: 'isEmptyPage', params: ({ event }) => ({ items: event.output.items }) },
            target: 'empty',
            actions: { type: 'assignPage', params: ({ event }) => event.output },
          },
          { target: 'loaded', actions: { type: 'assignPage', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: {
      on: {
        'user.nextPage': {
          guard: 'hasNextPage',
          target: 'loading',
          actions: [
            { type: 'setPage', params: ({ context }) => ({ page: context.page + 1 }) },
            { type: 'showPage', params: ({ context }) => ({ page: context.page }) },
          ],
        },
        'user.previousPage': {
          guard: 'isAfterFirstPage',
          target: 'loading',
          actions: [
            { type: 'setPage', params: ({ context }) => ({ page: context.page - 1 }) },
            { type: 'showPage', params: ({ context }) => ({ page: context.page }) },
          ],
        },
      },
    },
    empty: {
      tags: 'empty',
      on: {
        'user.previousPage': {
          guard: 'isAfterFirstPage',
          target: 'loading',
          actions: [
            { type: 'setPage', params: ({ context }) => ({ page: context.page - 1 }) },
            { type: 'showPage', params: ({ context }) => ({ page: context.page }) },
          ],
        },
      },
    },
    failed: {
      tags: 'failed',
      on: {
        'user.retry': 'loading',
        'user.previousPage': {
          guard: 'isAfterFirstPage',
          target: 'loading',
          actions: [
            { type: 'setPage', params: ({ context }) => ({ page: context.page - 1 }) },
            { type: 'showPage', params: ({ context }) => ({ page: context.page }) },
          ],
        },
      },
    },
  },
});
