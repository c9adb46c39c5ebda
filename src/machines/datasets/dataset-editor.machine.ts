import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Dataset } from '../../domain/evaluations/evaluation-service-types';
import {
  emptyList,
  hasMoreRows,
  isAnsweredLocally,
  moveRows,
  otherSide,
  visibleIds,
  withMoreRows,
  withWindow,
  type Direction,
  type EntryList,
  type EntryMove,
  type EntryWindow,
  type EntryWindowRequest,
  type Side,
} from '../../domain/datasets/dataset-membership';
import { afterChunk, hasMoreChunks, moveFailureText, nextChunk, type PendingMove } from '../../domain/datasets/entry-moves';
import { extendTo, moveFocus, selectAll, toggleOption, type FocusTarget } from '../../domain/shared/list-selection';
import { listRegion } from './dataset-editor.list-region';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import { hasNoRouteId } from '../../domain/shell/route-id';
import { bulkUploadMachine } from './bulk-upload.machine';
import type { ReloadEvent } from '../shared/reload';

// The /datasets/{id}/edit page: the dual-list membership of one dataset. Two lists, 'included' and
// 'available', each loaded from the server in windows (ENTRY_WINDOW) with its own filter, so nothing is
// silently cut off however many entries exist. Moves apply at once (optimistic, `pending` tag) and go to the
// server in chunks (entry-moves.ts); if a chunk fails, both lists reload, so the screen ends equal to the server.
// Each list's selection and keyboard focus (a multi-select listbox) live here too, computed by
// domain/shared/list-selection.ts over the rows its filter shows; each list's loading is dataset-editor.list-region.ts.
// Once the dataset is found, 'Upload entries' opens the Bulk Upload dialog (spawned then, preset to put every row
// into this dataset); after a complete upload it sends `reload` and both lists fetch again, new entries included.

/**
 * A list of at most this many rows loads the rest of itself in windows, so its filter answers locally, at once;
 * a longer one loads only what is scrolled to.
 */
const PREFETCH_LIMIT = 10_000;
export { ENTRY_WINDOW, FILTER_DEBOUNCE_MS } from './dataset-editor.list-region';

export type DatasetEditorContext = {
  /** From the address; null (no valid id) only in `notFound`, which nothing leaves. */
  datasetId: number | null;
  dataset: Dataset | null;
  included: EntryList;
  available: EntryList;
  pending: PendingMove | null;
  error: string | null;
  /** The Bulk Upload dialog into this dataset; null until the dataset is found. */
  upload: ActorRefFrom<typeof bulkUploadMachine> | null;
};

export type DatasetEditorInput = { datasetId: number | null };

export type DatasetEditorEvent =
  | { type: 'user.filter'; side: Side; text: string }
  | { type: 'user.toggle'; side: Side; id: number }
  | { type: 'user.extend'; side: Side; id: number }
  | { type: 'user.focusMove'; side: Side; to: FocusTarget; extend: boolean }
  | { type: 'user.selectAllMatching'; side: Side }
  | { type: 'user.loadMore'; side: Side }
  | { type: 'user.add' }
  | { type: 'user.remove' }
  | { type: 'user.retry' }
  | ReloadEvent;

export const datasetEditorMachine = setup({
  types: {
    context: {} as DatasetEditorContext,
    input: {} as DatasetEditorInput,
    events: {} as DatasetEditorEvent,
    tags: {} as 'loading' | 'loadingMore' | 'pending' | 'notFound' | 'failed',
  },
  actors: {
    /** The dataset, or null when the server has none with this id. */
    fetchDataset: fromPromise<Dataset | null, { datasetId: number }>(notProvided('fetchDataset')),
    fetchEntries: fromPromise<EntryWindow, EntryWindowRequest>(notProvided('fetchEntries')),
    /** One chunk of a move, in one mapping call over the array endpoint. */
    saveMoves: fromPromise<void, EntryMove>(notProvided('saveMoves')),
    bulkUpload: bulkUploadMachine,
  },
  guards: {
    hasNoRouteId,
    isFound: (_, params: { dataset: Dataset | null }) => params.dataset !== null,
    isLoadedRow: ({ context }, params: { side: Side; id: number }) => context[params.side].rows.some((row) => row.id === params.id),
    hasVisibleRows: ({ context }, params: { side: Side }) => visibleIds(context[params.side]).length > 0,
    isSide: (_, params: { side: Side; expected: Side }) => params.side === params.expected,
    isFilterAnsweredLocally: ({ context }, params: { side: Side; text: string }) =>
      isAnsweredLocally({ ...context[params.side], filter: params.text }),
    hasMoreRows: ({ context }, params: { side: Side; expected: Side }) =>
      params.side === params.expected && hasMoreRows(context[params.side]),
    shouldPrefetch: ({ context }, params: { side: Side }) => {
      const list = context[params.side];
      return hasMoreRows(list) && !list.capped && list.total <= PREFETCH_LIMIT;
    },
    hasAvailableSelection: ({ context }) => context.available.selected.size > 0,
    hasIncludedSelection: ({ context }) => context.included.selected.size > 0,
    hasMoreChunks: ({ context }) => hasMoreChunks(context.pending!),
  },
  actions: {
    assignDataset: assign((_, params: { dataset: Dataset }) => ({ dataset: params.dataset })),
    spawnUpload: assign(({ context, spawn, self }) => ({
      upload:
        context.upload ??
        spawn('bulkUpload', {
          id: 'bulkUpload',
          input: { reloadTarget: self, settings: { dataset: { id: context.dataset!.id, name: context.dataset!.name } } },
        }),
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
    assignFilter: assign(({ context }, params: { side: Side; text: string }) => ({
      [params.side]: { ...context[params.side], filter: params.text },
    })),
    toggleSelection: assign(({ context }, params: { side: Side; id: number }) => ({
      [params.side]: { ...context[params.side], ...toggleOption(context[params.side], params.id) },
    })),
    extendSelection: assign(({ context }, params: { side: Side; id: number }) => {
      const list = context[params.side];
      return { [params.side]: { ...list, ...extendTo(list, visibleIds(list), params.id) } };
    }),
    moveFocus: assign(({ context }, params: { side: Side; to: FocusTarget; extend: boolean }) => {
      const list = context[params.side];
      return { [params.side]: { ...list, ...moveFocus(list, visibleIds(list), params.to, params.extend) } };
    }),
    selectAllMatching: assign(({ context }, params: { side: Side }) => {
      const list = context[params.side];
      return { [params.side]: { ...list, ...selectAll(list, visibleIds(list)) } };
    }),
    replaceRows: assign(({ context }, params: { side: Side; page: EntryWindow }) => ({
      [params.side]: withWindow(context[params.side], params.page),
    })),
    appendRows: assign(({ context }, params: { side: Side; page: EntryWindow }) => ({
      [params.side]: withMoreRows(context[params.side], params.page),
    })),
    applyOptimisticMove: assign(({ context }, params: { direction: Direction }) => {
      const from: Side = params.direction === 'add' ? 'available' : 'included';
      const ids = [...context[from].selected];
      const moved = moveRows(context[from], context[otherSide(from)], context[from].selected);
      return { [from]: moved.from, [otherSide(from)]: moved.to, pending: { direction: params.direction, ids, done: 0 }, error: null };
    }),
    countChunkDone: assign(({ context }) => ({ pending: afterChunk(context.pending!) })),
    assignMoveError: assign(({ context }, params: { error: unknown }) => ({
      error: moveFailureText(context.pending!, messageOf(params.error)),
    })),
    clearPending: assign({ pending: null }),
  },
}).createMachine({
  id: 'datasetEditor',
  context: ({ input }) => ({
    datasetId: input.datasetId,
    dataset: null,
    included: emptyList(),
    available: emptyList(),
    pending: null,
    error: null,
    upload: null,
  }),
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.datasetId }) }, target: 'notFound' },
        { target: 'loadingDataset' },
      ],
    },
    loadingDataset: {
      tags: 'loading',
      invoke: {
        id: 'fetchDataset',
        src: 'fetchDataset',
        input: ({ context }) => ({ datasetId: context.datasetId! }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ dataset: event.output }) },
            target: 'ready',
            actions: [{ type: 'assignDataset', params: ({ event }) => ({ dataset: event.output! }) }, 'spawnUpload'],
          },
          { target: 'notFound' },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    notFound: { tags: 'notFound' },
    failed: {
      tags: 'failed',
      on: { 'user.retry': { target: 'loadingDataset', actions: 'clearError' } },
    },
    ready: {
      type: 'parallel',
      on: {
        'user.toggle': {
          guard: { type: 'isLoadedRow', params: ({ event }) => event },
          actions: { type: 'toggleSelection', params: ({ event }) => event },
        },
        'user.extend': {
          guard: { type: 'isLoadedRow', params: ({ event }) => event },
          actions: { type: 'extendSelection', params: ({ event }) => event },
        },
        'user.focusMove': {
          guard: { type: 'hasVisibleRows', params: ({ event }) => event },
          actions: { type: 'moveFocus', params: ({ event }) => event },
        },
        'user.selectAllMatching': {
          guard: { type: 'hasVisibleRows', params: ({ event }) => event },
          actions: { type: 'selectAllMatching', params: ({ event }) => event },
        },
      },
      states: {
        included: listRegion('included'),
        available: listRegion('available'),
        membership: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.add': {
                  guard: 'hasAvailableSelection',
                  target: 'saving',
                  actions: { type: 'applyOptimisticMove', params: { direction: 'add' } },
                },
                'user.remove': {
                  guard: 'hasIncludedSelection',
                  target: 'saving',
                  actions: { type: 'applyOptimisticMove', params: { direction: 'remove' } },
                },
              },
            },
            saving: {
              tags: 'pending',
              invoke: {
                id: 'saveMoves',
                src: 'saveMoves',
                input: ({ context }) => nextChunk(context.datasetId!, context.pending!),
                onDone: [
                  { guard: 'hasMoreChunks', target: 'saving', reenter: true, actions: 'countChunkDone' },
                  { target: 'idle', actions: 'clearPending' },
                ],
                // Reload both lists from the server: re-entering `ready` refetches them.
                onError: {
                  target: '#datasetEditor.ready',
                  reenter: true,
                  actions: [{ type: 'assignMoveError', params: ({ event }) => ({ error: event.error }) }, 'clearPending'],
                },
              },
            },
          },
        },
      },
    },
  },
});
