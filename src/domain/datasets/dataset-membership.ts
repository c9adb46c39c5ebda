import type { DatasetEntry, Page } from '../evaluations/evaluation-service-types';
import { keepLoaded, noSelection, type ListSelection } from '../shared/list-selection';

// The dataset editor's two sides (/datasets/{id}/edit): how the editor asks the server for them, the
// rows each holds, its filter, and the optimistic move of rows from one to the other.

export type Side = 'included' | 'available';
export type Direction = 'add' | 'remove';

/** A window of one side's entries, searched or not. */
export type EntryWindowRequest = { datasetId: number; side: Side; search: string; page: number; pageSize: number };

/** A window of the list, the total matching the search, and how many entries the side holds in all. */
export type EntryWindow = Page<DatasetEntry> & { count: number };

/** Entries added to the dataset or removed from it. */
export type EntryMove = { datasetId: number; direction: Direction; entryIds: number[] };

export type EntryRow = { id: number; input: string; key: string };

export type EntryList = {
  rows: EntryRow[];
  /** How many entries match the server-side query (X-Total-Count). */
  total: number;
  /** `total` is a lower bound: the server stopped counting the search's matches there ("10,000+"). */
  capped: boolean;
  /** How many entries the list holds, whatever the filter (the heading's n). */
  count: number;
  /** What the person typed. */
  filter: string;
  /** The search the loaded rows answer (the server filtered by it). */
  query: string;
} & ListSelection;

/** The filter matches the entry input case-insensitively. */
export const filterKey = (text: string) => text.trim().toLowerCase();

export const toRow = (entry: Pick<DatasetEntry, 'id' | 'input'>): EntryRow => ({
  id: entry.id,
  input: entry.input,
  key: entry.input.toLowerCase(),
});

export const emptyList = (): EntryList => ({ rows: [], total: 0, capped: false, count: 0, filter: '', query: '', ...noSelection() });

/** The server holds rows of this list that are not loaded yet. */
export const hasMoreRows = (list: Pick<EntryList, 'rows' | 'total' | 'capped'>) => list.rows.length < list.total || list.capped;

/** The rows whose input contains the filter, ignoring case. */
export function visibleRows(list: Pick<EntryList, 'rows' | 'filter'>): EntryRow[] {
  const key = filterKey(list.filter);
  return key === '' ? list.rows : list.rows.filter((row) => row.key.includes(key));
}

export const visibleIds = (list: EntryList) => visibleRows(list).map((row) => row.id);

/** A fresh first window: it answers the filter typed so far; what is no longer loaded leaves the selection. */
export function withWindow(list: EntryList, page: EntryWindow): EntryList {
  const rows = page.items.map(toRow);
  const loaded = new Set(rows.map((row) => row.id));
  return {
    ...list,
    ...keepLoaded(list, loaded),
    rows,
    total: page.total ?? rows.length,
    capped: page.capped ?? false,
    count: page.count,
    query: filterKey(list.filter),
  };
}

/** The next window, appended; rows already loaded (moved meanwhile) are not repeated. */
export function withMoreRows(list: EntryList, page: EntryWindow): EntryList {
  const known = new Set(list.rows.map((row) => row.id));
  const rows = [...list.rows, ...page.items.filter((entry) => !known.has(entry.id)).map(toRow)];
  return { ...list, rows, total: page.total ?? rows.length, capped: page.capped ?? false, count: page.count };
}

/** The loaded rows hold every match of the typed filter: no need to ask the server. */
export function isAnsweredLocally(list: EntryList): boolean {
  return !hasMoreRows(list) && filterKey(list.filter).includes(filterKey(list.query));
}

/** The optimistic move: rows leave one list and join the other at once, totals follow. */
export function moveRows(from: EntryList, to: EntryList, ids: ReadonlySet<number>): { from: EntryList; to: EntryList } {
  const moving = from.rows.filter((row) => ids.has(row.id));
  const staying = from.rows.filter((row) => !ids.has(row.id));
  const cleared = { ...from, selected: new Set<number>(), beforeRange: new Set<number>() };
  return {
    from: {
      ...from,
      ...keepLoaded(cleared, new Set(staying.map((row) => row.id))),
      rows: staying,
      total: from.total - moving.length,
      count: from.count - moving.length,
    },
    to: { ...to, rows: [...moving, ...to.rows], total: to.total + moving.length, count: to.count + moving.length },
  };
}

export const otherSide = (side: Side): Side => (side === 'included' ? 'available' : 'included');
