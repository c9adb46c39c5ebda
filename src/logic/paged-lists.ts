import { fromCallback, fromPromise } from 'xstate';
import { confirmModalMachine, type ConfirmSubject } from '../machines/confirm-modal.machine';
import { pagedListMachine, pageFromSearch, type PageFetch, type PagedListEvent, type PageResult } from '../machines/paged-list.machine';
import type { PageRequest } from '../domain/evaluation-service-types';
import type { Router } from '../domain/router';

type PagedListCalls = {
  /** One page of rows (`allRows` or `rowsOf`). */
  fetchPage(request: PageFetch): Promise<PageResult<unknown>>;
  /** The delete behind the list's confirm dialog, for lists whose rows can be deleted. */
  deleteItem?(id: number): Promise<void>;
};

/**
 * Back, Forward and links that change `?page=` of the list's path while the list is shown. An address with
 * another filter (`?script=`) is another list's: the page that owns the filter replaces this one.
 */
function listenForRoute(router: Router) {
  return fromCallback<PagedListEvent>(({ sendBack }) => {
    const path = router.path();
    const filter = withPage(router.search(), null);
    return router.subscribe(() => {
      if (router.path() === path && withPage(router.search(), null) === filter)
        sendBack({ type: 'route.pageChanged', page: pageFromSearch(router.search()) });
    });
  });
}

/** One paged table: its page call and delete, its page in the address (a new entry, so Back returns to it). */
export function pagedList(router: Router, { fetchPage, deleteItem }: PagedListCalls) {
  const confirmDelete = deleteItem
    ? confirmModalMachine.provide({
        actors: { performAction: fromPromise<void, { subject: ConfirmSubject }>(({ input }) => deleteItem(input.subject.id)) },
      })
    : confirmModalMachine;
  return pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<PageResult<unknown>, PageFetch>(({ input }) => fetchPage(input)),
      listenForRoute: listenForRoute(router),
      confirmDelete,
    },
    actions: { showPage: (_, { page }: { page: number }) => router.navigate(`${router.path()}?${withPage(router.search(), page)}`) },
  });
}

/** The address's query with another page (null: none); the rest (an experiments filter) stays. */
function withPage(search: string, page: number | null): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  if (page !== null) params.append('page', String(page));
  return params.toString();
}

/** The page call of a table of every row of one kind (datasets, golden sets, ...): it gets just the page. */
export function allRows(fetchPage: (page: PageRequest) => Promise<PageResult<unknown>>) {
  return ({ page, pageSize }: PageFetch) => fetchPage({ page, pageSize });
}

/** The page call of a table of one record's rows (a run's results, a script's experiments): it gets the owner too. */
export function rowsOf(fetchRows: (ownerId: number, page: PageRequest) => Promise<PageResult<unknown>>) {
  return ({ ownerId, page, pageSize }: PageFetch) => {
    // A wiring bug, not a state a person can reach: owned lists are always started with their owner.
    if (ownerId === undefined) throw new Error('a list of one record’s rows was started without its owner');
    return fetchRows(ownerId, { page, pageSize });
  };
}
