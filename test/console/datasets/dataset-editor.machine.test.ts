import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { datasetEditorMachine, ENTRY_WINDOW, FILTER_DEBOUNCE_MS } from '../../../src/machines/datasets/dataset-editor.machine';
import {
  emptyList,
  isAnsweredLocally,
  moveRows,
  toRow,
  type EntryList,
  type EntryWindow,
  type EntryWindowRequest,
} from '../../../src/domain/datasets/dataset-membership';
import { pageFromSearch } from '../../../src/machines/shared/paged-list.machine';
import type { Dataset } from '../../../src/domain/evaluations/evaluation-service-types';

afterEach(() => vi.useRealTimers());

const list = (ids: number[], extra: Partial<EntryList> = {}): EntryList => ({
  ...emptyList(),
  rows: ids.map((id) => toRow({ id, input: `Entry ${id}` })),
  total: ids.length,
  count: ids.length,
  ...extra,
});

describe('membership helpers', () => {
  it('moves the selected rows to the top of the other list, totals and counts following', () => {
    const moved = moveRows(list([1, 2, 3], { selected: new Set([1, 3]) }), list([9]), new Set([1, 3]));
    expect(moved.from.rows.map((row) => row.id)).toEqual([2]);
    expect(moved.to.rows.map((row) => row.id)).toEqual([1, 3, 9]);
    expect([moved.from.total, moved.from.count, moved.to.total, moved.to.count]).toEqual([1, 1, 3, 3]);
    expect(moved.from.selected.size).toBe(0);
  });

  it('answers a filter locally only when the loaded rows hold every match', () => {
    expect(isAnsweredLocally(list([1, 2], { filter: 'Red' }))).toBe(true);
    expect(isAnsweredLocally(list([1, 2], { total: 5000, filter: 'red' }))).toBe(false);
    // Narrowing a complete server-side search stays local; widening it asks again.
    expect(isAnsweredLocally(list([1], { query: 'red', filter: 'red sofa' }))).toBe(true);
    expect(isAnsweredLocally(list([1], { query: 'red sofa', filter: 'red' }))).toBe(false);
  });

  it('reads the page from the address, page 1 for anything else', () => {
    expect(pageFromSearch('?page=3')).toBe(3);
    expect(pageFromSearch('page=2&x=1')).toBe(2);
    for (const search of ['', '?page=0', '?page=-2', '?page=1.5', '?page=abc']) expect(pageFromSearch(search)).toBe(1);
  });
});

describe('dataset editor with more entries than one window', () => {
  function start(available: number) {
    const calls: EntryWindowRequest[] = [];
    const rows = (side: string, search: string) =>
      Array.from({ length: side === 'included' ? 3 : available }, (_, i) => ({
        id: i + 1 + (side === 'included' ? 1_000_000 : 0),
        input: `entry ${i}`,
      })).filter((entry) => entry.input.includes(search));
    const actor = createActor(
      datasetEditorMachine.provide({
        actors: {
          fetchDataset: fromPromise<Dataset | null, { datasetId: number }>(async () => ({
            id: 7,
            name: 'Sofas',
            description: 'd',
            created_at: '',
            updated_at: '',
          })),
          fetchEntries: fromPromise<EntryWindow, EntryWindowRequest>(async ({ input }) => {
            calls.push(input);
            const all = rows(input.side, input.search);
            const items = all.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
            return { items: items as EntryWindow['items'], total: all.length, count: rows(input.side, '').length };
          }),
        },
      }),
      { input: { datasetId: 7 } },
    ).start();
    return { actor, calls };
  }

  it('loads every window of a list up to the prefetch limit, so nothing is cut off', async () => {
    const { actor, calls } = start(2500);
    await vi.waitFor(() => expect(actor.getSnapshot().context.available.rows).toHaveLength(2500));
    const windows = Array.from({ length: Math.ceil(2500 / ENTRY_WINDOW) }, (_, i) => i + 1);
    expect(calls.filter((call) => call.side === 'available').map((call) => call.page)).toEqual(windows);
    expect(calls.every((call) => call.pageSize === ENTRY_WINDOW)).toBe(true);
    expect(actor.getSnapshot().context.available.count).toBe(2500);
  });

  it('loads only the first window of a longer list, the next when asked (as the list scrolls)', async () => {
    const { actor, calls } = start(12_000);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { available: 'idle' } })).toBe(true));
    expect(actor.getSnapshot().context.available.rows).toHaveLength(ENTRY_WINDOW);
    actor.send({ type: 'user.loadMore', side: 'available' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.available.rows).toHaveLength(2 * ENTRY_WINDOW));
    expect(actor.getSnapshot().matches({ ready: { available: 'idle' } })).toBe(true);
    expect(calls.filter((call) => call.side === 'available').map((call) => call.page)).toEqual([1, 2]);
  });

  it('asks the server, after a pause in typing, when the loaded rows cannot answer the filter', async () => {
    const { actor, calls } = start(12_000);
    await vi.waitFor(() => expect(actor.getSnapshot().context.available.rows).toHaveLength(ENTRY_WINDOW));
    expect(actor.getSnapshot().can({ type: 'user.loadMore', side: 'available' })).toBe(true);
    vi.useFakeTimers();
    actor.send({ type: 'user.filter', side: 'available', text: 'entry 1199' });
    actor.send({ type: 'user.filter', side: 'available', text: 'entry 11999' });
    expect(actor.getSnapshot().matches({ ready: { available: 'waiting' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS);
    vi.useRealTimers();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { available: 'idle' } })).toBe(true));
    const searches = calls.filter((call) => call.search !== '');
    expect(searches.map((call) => call.search)).toEqual(['entry 11999']); // one call for the pause, not one per keystroke
    const { available } = actor.getSnapshot().context;
    expect(available.rows.map((row) => row.input)).toEqual(['entry 11999']);
    expect([available.total, available.count, available.query]).toEqual([1, 12_000, 'entry 11999']);
  });
});
