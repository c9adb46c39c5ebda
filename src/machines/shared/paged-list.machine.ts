import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { confirmModalMachine } from './confirm-modal.machine';
import { notProvided } from './not-provided';
import type { ReloadEvent } from './reload';
import { messageOf } from '../../domain/shared/error-message';
import { hasNoRouteId } from '../../domain/shell/route-id';

// Every paged table. Loading, loaded, an empty page, or failed (with the server's message). 'Has more pages'
// only when a full page of 20 came back (and, when the server sent the exact total, the page is not the last:
// a capped total, "10,000+", is only a lower bound); Previous only after page 1. The page and the list's filter
// (a search, a dataset) live in the address (`?search=…&page=n`): the machine writes them with `showPage` and
// hears Back/Forward through `listenForRoute`. A changed filter starts again at page 1.
// Deletes go through a confirm-modal child (`confirmDelete`) handed this list as its reload target; whatever
// changed the rows (that delete, a dialog beside the list) sends `reload` and the page is fetched again.

export const PAGE_SIZE = 20;

export type PageResult<Item> = { items: Item[]; total: number | null; capped?: boolean };

/** The list's filter as the address holds it, by query parameter name (absent when not set). */
export type ListFilter = Record<string, string>;

export type PagedListContext = {
  ownerId?: number | null;
  page: number;
  pageSize: number;
  filter: ListFilter;
  items: unknown[];
  total: number | null;
  /** The server stopped counting at `total` (a search matching more than 10,000). */
  capped: boolean;
  error: string | null;
};

export type PagedListInput = {
  page?: number;
  filter?: ListFilter;
  /**
   * For a list of one record's rows (a run's results, a script's experiments): that record, from the address;
   * null (no valid id) makes the list `notFound` at once.
   */
  ownerId?: number | null;
};

/** What the page call is asked: the page, and the record whose rows these are, if any. */
export type PageFetch = { page: number; pageSize: number; filter: ListFilter; ownerId?: number };

export type PagedListEvent =
  | { type: 'user.nextPage' }
  | { type: 'user.previousPage' }
  | { type: 'user.retry' }
  /** A filter set or cleared (an empty value clears it). */
  | { type: 'user.filterChanged'; name: string; value: string }
  /** The address changed without the machine (Back, Forward, a link); no filter means none is set. */
  | { type: 'route.pageChanged'; page: number; filter?: ListFilter }
  /** From whatever changed the rows on the server: the delete confirmation, a dialog beside the list. */
  | ReloadEvent;

/** A page number from the address; anything but a positive integer is page 1. */
export function pageFromSearch(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The list's filter from the address: the named parameters that are set and not blank. */
export function filterFromSearch(search: string, names: readonly string[]): ListFilter {
  const params = new URLSearchParams(search);
  return Object.fromEntries(names.flatMap((name) => (params.get(name)?.trim() ? [[name, params.get(name)!.trim()]] : [])));
}

/** The query of a list's address: its filter, then the page. */
export function listSearch(page: number, filter: ListFilter): string {
  return `?${new URLSearchParams({ ...filter, page: String(page) })}`;
}

const sameFilter = (a: ListFilter, b: ListFilter) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([name, value]) => b[name] === value);

function withFilter(filter: ListFilter, name: string, value: string): ListFilter {
  const { [name]: _replaced, ...others } = filter;
  return value.trim() ? { ...others, [name]: value.trim() } : others;
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
    hasNextPage: ({ context: { items, page, pageSize, total, capped } }) =>
      items.length === pageSize && (total === null || capped || page * pageSize < total),
    isAfterFirstPage: ({ context }) => context.page > 1,
    isEmptyPage: (_, params: { items: unknown[] }) => params.items.length === 0,
    isOtherAddress: ({ context }, params: { page: number; filter: ListFilter }) =>
      params.page !== context.page || !sameFilter(params.filter, context.filter),
    isOtherFilter: ({ context }, params: { name: string; value: string }) =>
      !sameFilter(withFilter(context.filter, params.name, params.value), context.filter),
  },
  actions: {
    /** Writes the page and filter into the address as a new history entry (wouter's navigate). */
    showPage: notProvided<{ page: number; filter: ListFilter }>('showPage'),
    setPage: assign((_, params: { page: number }) => ({ page: params.page })),
    setAddress: assign((_, params: { page: number; filter: ListFilter }) => ({ page: params.page, filter: params.filter })),
    setFilter: assign(({ context }, params: { name: string; value: string }) => ({
      page: 1,
      filter: withFilter(context.filter, params.name, params.value),
    })),
    assignPage: assign((_, params: PageResult<unknown>) => ({
      items: params.items,
      total: params.total,
      capped: params.capped ?? false,
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ items: [], error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({
    ownerId: input.ownerId,
    page: input.page ?? 1,
    pageSize: PAGE_SIZE,
    filter: input.filter ?? {},
    items: [],
    total: null,
    capped: false,
    error: null,
  }),
  invoke: [
    { id: 'listenForRoute', src: 'listenForRoute' },
    { id: 'confirmDelete', src: 'confirmDelete', input: ({ self }) => ({ reloadTarget: self }) },
  ],
  on: {
    'route.pageChanged': {
      guard: { type: 'isOtherAddress', params: ({ event }) => ({ page: event.page, filter: event.filter ?? {} }) },
      target: '.loading',
      actions: { type: 'setAddress', params: ({ event }) => ({ page: event.page, filter: event.filter ?? {} }) },
    },
    'user.filterChanged': {
      guard: { type: 'isOtherFilter', params: ({ event }) => event },
      target: '.loading',
      actions: [
        { type: 'setFilter', params: ({ event }) => event },
        { type: 'showPage', params: ({ context }) => ({ page: context.page, filter: context.filter }) },
      ],
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
    notFound: { tags: 'notFound', on: { 'route.pageChanged': {}, 'user.filterChanged': {}, reload: {} } },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({
          page: context.page,
          pageSize: context.pageSize,
          filter: context.filter,
          ownerId: context.ownerId ?? undefined,
        }),
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
            { type: 'showPage', params: ({ context }) => ({ page: context.page, filter: context.filter }) },
          ],
        },
        'user.previousPage': {
          guard: 'isAfterFirstPage',
          target: 'loading',
          actions: [
            { type: 'setPage', params: ({ context }) => ({ page: context.page - 1 }) },
            { type: 'showPage', params: ({ context }) => ({ page: context.page, filter: context.filter }) },
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
            { type: 'showPage', params: ({ context }) => ({ page: context.page, filter: context.filter }) },
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
            { type: 'showPage', params: ({ context }) => ({ page: context.page, filter: context.filter }) },
          ],
        },
      },
    },
  },
});
