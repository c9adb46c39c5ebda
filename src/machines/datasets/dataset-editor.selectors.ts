import type { SnapshotFrom } from 'xstate';
import { filterKey, hasMoreRows, visibleRows, type EntryRow, type Side } from '../../domain/datasets/dataset-membership';
import { MOVE_CHUNK_SIZE, moveProgressText } from '../../domain/datasets/entry-moves';
import type { datasetEditorMachine } from './dataset-editor.machine';

export type DatasetEditorSnapshot = SnapshotFrom<typeof datasetEditorMachine>;

export type EditorView = 'loading' | 'notFound' | 'failed' | 'ready';

export function selectEditorView(snapshot: DatasetEditorSnapshot): EditorView {
  if (snapshot.matches('loadingDataset')) return 'loading';
  if (snapshot.hasTag('notFound')) return 'notFound';
  if (snapshot.matches('failed')) return 'failed';
  return 'ready';
}

export const selectDataset = (snapshot: DatasetEditorSnapshot) => snapshot.context.dataset;
export const selectUpload = (snapshot: DatasetEditorSnapshot) => snapshot.context.upload;
export const selectEditorError = (snapshot: DatasetEditorSnapshot) => snapshot.context.error;
export const selectIsPending = (snapshot: DatasetEditorSnapshot) => snapshot.hasTag('pending');
export const selectCanAdd = (snapshot: DatasetEditorSnapshot) => snapshot.can({ type: 'user.add' });
/** 'Adding 1,500 of 4,200…' while a move of more than one chunk runs, else null. */
export const selectMoveProgress = (snapshot: DatasetEditorSnapshot) => {
  const move = snapshot.context.pending;
  return move !== null && move.ids.length > MOVE_CHUNK_SIZE ? moveProgressText(move) : null;
};
export const selectCanSelectAllMatching = (side: Side) => (snapshot: DatasetEditorSnapshot) =>
  snapshot.context[side].filter.trim() !== '' && snapshot.can({ type: 'user.selectAllMatching', side });
export const selectCanRemove = (snapshot: DatasetEditorSnapshot) => snapshot.can({ type: 'user.remove' });

export const selectList = (side: Side) => (snapshot: DatasetEditorSnapshot) => snapshot.context[side];
/** The list's region is fetching a fresh window (first load, a server-side filter, or the reload). */
export const selectIsListLoading = (side: Side) => (snapshot: DatasetEditorSnapshot) => snapshot.matches({ ready: { [side]: 'fetching' } });
export const selectIsLoadingMore = (side: Side) => (snapshot: DatasetEditorSnapshot) =>
  snapshot.matches({ ready: { [side]: 'fetchingMore' } });

/** Rows whose input contains the filter, ignoring case. Memoised on the rows and the filter. */
export function createVisibleRowsSelector(side: Side) {
  let lastRows: EntryRow[] | undefined;
  let lastFilter: string | undefined;
  let lastResult: EntryRow[] = [];
  return (snapshot: DatasetEditorSnapshot): EntryRow[] => {
    const { rows, filter } = snapshot.context[side];
    if (rows === lastRows && filter === lastFilter) return lastResult;
    lastRows = rows;
    lastFilter = filter;
    lastResult = visibleRows({ rows, filter });
    return lastResult;
  };
}

/** The option the listbox's keyboard focus is on: the chosen one while shown, else the first shown (as effectiveActive). */
export function createActiveOptionSelector(side: Side) {
  const visible = createVisibleRowsSelector(side);
  return (snapshot: DatasetEditorSnapshot): number | null => {
    const rows = visible(snapshot);
    const { active } = snapshot.context[side];
    return active !== null && rows.some((row) => row.id === active) ? active : (rows[0]?.id ?? null);
  };
}

/** How many entries match the filter (null without one): the shown rows, or the server's count of this very
 * filter while not all its matches are loaded. */
export function createMatchCountSelector(side: Side) {
  const visible = createVisibleRowsSelector(side);
  return (snapshot: DatasetEditorSnapshot): number | null => {
    const list = snapshot.context[side];
    const key = filterKey(list.filter);
    if (key === '') return null;
    return key === list.query && hasMoreRows(list) ? list.total : visible(snapshot).length;
  };
}

/** The match count is a lower bound ("10,000+"): the server stopped counting this filter's matches. */
export const selectIsMatchCountCapped = (side: Side) => (snapshot: DatasetEditorSnapshot) => {
  const list = snapshot.context[side];
  return list.capped && filterKey(list.filter) === list.query;
};
