import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { confirmModalMachine } from './confirm-modal.machine';

// Spec §4 and §9: every paged table. Loading, loaded, an empty page, or failed (with the server's message).
// 'Has more pages' only when a full page of 20 came back; Previous only after page 1. The page lives in the
// address (`?page=n`): the machine writes it with `showPage` and hears Back/Forward through `listenForRoute`.
// Deletes go through a confirm-modal child (`confirmDelete`), whose success reloads the page; dialogs beside
// the list reload it with `list.reload`.

export const PAGE_SIZE = 20;

export type PageResult<Item> = { items: Item[]; total: number | null };

export type PagedListContext = {
  page: number;
  pageSize: number;
  items: unknown[];
  total: number | null;
  error: string | null;
};

export type PagedListInput = { page?: number };

export type PagedListEvent =
  | { type: 'user.nextPage' }
  | { type: 'user.previousPage' }
  | { type: 'user.retry' }
  /** The address changed without the machine (Back, Forward, a link). */
  | { type: 'route.pageChanged'; page: number }
  /** From the confirm-modal child: the item was deleted. */
  | { type: 'confirm.succeeded' }
  /** From a dialog beside the list (add, rename): the items changed on the server. */
  | { type: 'list.reload' };

const notProvided = (name: string) => () => {
  throw new Error(`${name} not provided`);
};

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

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
    tags: {} as 'busy' | 'empty' | 'failed',
  },
  actors: {
    fetchPage: fromPromise<PageResult<unknown>, { page: number; pageSize: number }>(notProvided('fetchPage')),
    listenForRoute: fromCallback<PagedListEvent>(notProvided('listenForRoute')),
    // The confirm-modal machine; providers.ts gives it the delete call of this list's items.
    confirmDelete: confirmModalMachine,
  },
  guards: {
    hasNextPage: ({ context }) => context.items.length === context.pageSize,
    isAfterFirstPage: ({ context }) => context.page > 1,
    isEmptyPage: (_, params: { items: unknown[] }) => params.items.length === 0,
    isOtherPage: ({ context }, params: { page: number }) => params.page !== context.page,
  },
  actions: {
    /** Writes `?page=n` into the address as a new history entry (wouter's navigate). */
    showPage: notProvided('showPage') as (_: unknown, params: { page: number }) => void,
    setPage: assign((_, params: { page: number }) => ({ page: params.page })),
    assignPage: assign((_, params: PageResult<unknown>) => ({ items: params.items, total: params.total, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ items: [], error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({ page: input.page ?? 1, pageSize: PAGE_SIZE, items: [], total: null, error: null }),
  invoke: [
    { id: 'listenForRoute', src: 'listenForRoute' },
    { id: 'confirmDelete', src: 'confirmDelete' },
  ],
  on: {
    'route.pageChanged': {
      guard: { type: 'isOtherPage', params: ({ event }) => ({ page: event.page }) },
      target: '.loading',
      actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) },
    },
    'confirm.succeeded': '.loading',
    'list.reload': '.loading',
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
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
      on: { 'user.previousPage': {
          guard: 'isAfterFirstPage',
          target: 'loading',
          actions: [
            { type: 'setPage', params: ({ context }) => ({ page: context.page - 1 }) },
            { type: 'showPage', params: ({ context }) => ({ page: context.page }) },
          ],
        } },
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
