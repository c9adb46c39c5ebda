import type { Direction, EntryMove } from './dataset-membership';
import { formatCount } from '../shared/format-count';

// The dataset editor sends a move in chunks over the mapping endpoints' arrays, not one call per entry:
// thousands of entries take a few calls, and the machine shows how far it got between them.

export const MOVE_CHUNK_SIZE = 500;

/** A move under way: the entries, in order, and how many the server has taken so far. */
export type PendingMove = { direction: Direction; ids: number[]; done: number };

export const nextChunk = (datasetId: number, move: PendingMove): EntryMove => ({
  datasetId,
  direction: move.direction,
  entryIds: move.ids.slice(move.done, move.done + MOVE_CHUNK_SIZE),
});

export const afterChunk = (move: PendingMove): PendingMove => ({ ...move, done: Math.min(move.done + MOVE_CHUNK_SIZE, move.ids.length) });

export const hasMoreChunks = (move: PendingMove) => move.done + MOVE_CHUNK_SIZE < move.ids.length;

/** 'Adding 1,500 of 4,200…' while a move of more than one chunk runs. */
export function moveProgressText(move: PendingMove): string {
  return `${move.direction === 'add' ? 'Adding' : 'Removing'} ${formatCount(move.done)} of ${formatCount(move.ids.length)}…`;
}

/** Why the lists were reloaded: what the server took before the failing chunk, and its message. */
export function moveFailureText(move: PendingMove, message: string): string {
  const verb = move.direction === 'add' ? 'add' : 'remove';
  const left = move.ids.length - move.done;
  const total = formatCount(move.ids.length);
  const what = move.ids.length === 1 ? 'the entry' : move.done === 0 ? `${total} entries` : `${formatCount(left)} of ${total} entries`;
  return `Could not ${verb} ${what}: ${message}. The lists were reloaded from the server.`;
}
