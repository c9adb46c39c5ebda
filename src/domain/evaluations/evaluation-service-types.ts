// The evaluation service's data as the console reads and sends it. The shapes are the
// reference server's (server/schemas/), imported as types only: nothing of the server reaches the bundle.

export type { Dataset, DatasetRef, DatasetRow } from '../../../server/schemas/datasets';
export type { DatasetEntry } from '../../../server/schemas/entries';
/** What the console sends to create or replace an entry. */
export type { EntryContent } from '../../../server/schemas/entries';

/**
 * One page of a list and the total the server counted (X-Total-Count), when it sent one: exact, or with
 * `capped` (X-Total-Count-Capped) a lower bound, where the server stopped counting a search's matches.
 */
export type Page<T> = { items: T[]; total: number | null; capped?: boolean };

export type PageRequest = { page: number; pageSize: number };

export type EntryFilter = {
  /** Only entries in this dataset. */
  inDataset?: number;
  /** Only entries not in this dataset. */
  notInDataset?: number;
  /** Only entries whose input contains this text, ignoring case. */
  search?: string;
};
