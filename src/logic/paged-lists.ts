import { fromPromise } from 'xstate';
import { confirmModalMachine, type ConfirmSubject } from '../machines/shared/confirm-modal.machine';
import { resourceMachine } from '../machines/shared/resource.machine';
import {
  filterFromSearch,
  listSearch,
  pagedListMachine,
  pageFromSearch,
  type ListFilter,
  type PageFetch,
  type PagedListEvent,
  type PageResult,
} from '../machines/shared/paged-list.machine';
import type { PageRequest } from '../domain/evaluations/evaluation-service-types';
import type { Router } from '../domain/shell/router';
import { routeListener } from './route-listener';

type PagedListCalls = {
  /** One page of rows (`allRows` or `rowsOf`). */
  fetchPage(request: PageFetch): Promise<PageResult<unknown>>;
  /** The delete behind the list's confirm dialog, for lists whose rows can be deleted. */
  deleteItem?(id: number): Promise<void>;
  /** The query parameters that hold the list's filter (`search`, `dataset`), if it has one. */
  filterNames?: readonly string[];
};

/** The address's query without the page and the list's own filter: what another page owns (`?script=`). */
function otherParams(search: string, filterNames: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of ['page', ...filterNames]) params.delete(name);
  return params.toString();
}

/**
 * Back, Forward and links that change the page or filter of the list's path while the list is shown. An address
 * with another page's filter (`?script=`) is another list's: the page that owns the filter replaces this one.
 */
function listenForRoute(router: Router, filterNames: readonly string[]) {
  return routeListener<PagedListEvent>(router, (search, openedWith) =>
    otherParams(search, filterNames) === otherParams(openedWith, filterNames)
      ? { type: 'route.pageChanged', page: pageFromSearch(search), filter: filterFromSearch(search, filterNames) }
      : null,
  );
}

/** One paged table: its page call and delete, its page in the address (a new entry, so Back returns to it). */
export function pagedList(router: Router, { fetchPage, deleteItem, filterNames = [] }: PagedListCalls) {
  const confirmDelete = deleteItem
    ? confirmModalMachine.provide({
        actors: { performAction: fromPromise<void, { subject: ConfirmSubject }>(({ input }) => deleteItem(input.subject.id)) },
      })
    : confirmModalMachine;
  return pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<PageResult<unknown>, PageFetch>(({ input }) => fetchPage(input)),
      listenForRoute: listenForRoute(router, filterNames),
      confirmDelete,
    },
    actions: {
      // Another page's filter in the address stays, before the list's own and the page.
      showPage: (_, { page, filter }: { page: number; filter: ListFilter }) => {
        const query = [otherParams(router.search(), filterNames), listSearch(page, filter).slice(1)].filter(Boolean).join('&');
        router.navigate(`${router.path()}?${query}`);
      },
    },
  });
}

/** The page call of a table of every row of one kind (datasets, golden sets, ...): it gets just the page. */
export function allRows(fetchPage: (page: PageRequest) => Promise<PageResult<unknown>>) {
  return ({ page, pageSize }: PageFetch) => fetchPage({ page, pageSize });
}

/** The page call of a table of one record's rows (a run's results, a script's experiments): it gets the owner (and the filter) too. */
export function rowsOf(fetchRows: (ownerId: number, page: PageRequest, filter?: ListFilter) => Promise<PageResult<unknown>>) {
  return ({ ownerId, page, pageSize, filter }: PageFetch) => {
    // A wiring bug, not a state a person can reach: owned lists are always started with their owner.
    if (ownerId === undefined) throw new Error('a list of one record’s rows was started without its owner');
    // Lists without a filter (most) are asked for just the page.
    return Object.keys(filter).length > 0 ? fetchRows(ownerId, { page, pageSize }, filter) : fetchRows(ownerId, { page, pageSize });
  };
}

/** The resource machine bound to the call that reads its record by the id the screen gives it. */
export function resource(fetch: (id: number) => Promise<unknown>) {
  return resourceMachine.provide({
    actors: { fetchResource: fromPromise<unknown, { id: number }>(({ input }) => fetch(input.id)) },
  });
}
