import type { SnapshotFrom } from 'xstate';
import type { pagedListMachine } from './paged-list.machine';

// Narrow selectors for the views of paged tables; tags and can() decide, views never re-derive.
export type PagedListSnapshot = SnapshotFrom<typeof pagedListMachine>;

export type PagedListView = 'loading' | 'failed' | 'empty' | 'loaded';

export function selectListView(snapshot: PagedListSnapshot): PagedListView {
  if (snapshot.hasTag('busy')) return 'loading';
  if (snapshot.hasTag('failed')) return 'failed';
  if (snapshot.hasTag('empty')) return 'empty';
  return 'loaded';
}

/** The rows of the page; each table knows what its list holds. */
export const selectItems = <Item>(snapshot: PagedListSnapshot) => snapshot.context.items as Item[];
export const selectPage = (snapshot: PagedListSnapshot) => snapshot.context.page;
export const selectTotal = (snapshot: PagedListSnapshot) => snapshot.context.total;
/** The total is a lower bound ("10,000+"): the server stopped counting there. */
export const selectTotalIsCapped = (snapshot: PagedListSnapshot) => snapshot.context.capped;
/** How many pages there are, when the server sent the exact total (an empty list is one page). */
export const selectPageCount = ({ context }: PagedListSnapshot) =>
  context.total === null || context.capped ? null : Math.max(1, Math.ceil(context.total / context.pageSize));
export const selectIsFiltered = (snapshot: PagedListSnapshot) => Object.keys(snapshot.context.filter).length > 0;
/** One filter's value, '' when not set. */
export const selectFilterValue = (name: string) => (snapshot: PagedListSnapshot) => snapshot.context.filter[name] ?? '';
export const selectListError = (snapshot: PagedListSnapshot) => snapshot.context.error;
export const selectCanGoNext = (snapshot: PagedListSnapshot) => snapshot.can({ type: 'user.nextPage' });
export const selectCanGoPrevious = (snapshot: PagedListSnapshot) => snapshot.can({ type: 'user.previousPage' });
export const selectConfirmDelete = (snapshot: PagedListSnapshot) => snapshot.children.confirmDelete;
