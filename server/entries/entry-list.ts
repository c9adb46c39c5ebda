/**
 * One page of the entries list, newest (highest id) first, at a cost that does not grow with the list.
 * Unsearched, the list has a kept total (migration 008), read with the page in one statement
 * (kept-entry-page.ts). Searched, up to 10,000 matching ids are read once, counted and cut into the page
 * in the database (db/capped-matches.ts). Only the page's rows and datasets are read.
 */
import type { Queryable } from '../db/database';
import { pageKeys } from '../db/page-keys';
import { rowCount } from '../db/row-counts';
import type { BlockList } from '../db/entry-id-blocks';
import { COUNT_CAP, matchesPageWithinCap, type ListTotal } from '../db/capped-matches';
import { cappedSearchPageKeys } from '../db/capped-search-page';
import type { EntryListQuery } from '../schemas/entries';
import { containsPattern } from '../db/like-pattern';
import { loadEntries, type EntryListPage } from './entry-records';
import { keptEntryPage } from './kept-entry-page';

/** The page's entries with their datasets, and the list's total (capped when counting stopped at the cap). */
export async function entryListPage(db: Queryable, query: EntryListQuery, [limit, offset]: number[]): Promise<EntryListPage> {
  const search = query.search?.trim() || undefined;
  const kept = keptList(query, search);
  if (kept !== undefined) return keptEntryPage(db, kept, limit, offset);
  const { ids, ...total } = await countedListKeys(db, query, search, limit, offset);
  return { entries: await loadEntries(db, ids), ...total };
}

/** The page's keys of a list that must be counted: a search, or both dataset filters. */
async function countedListKeys(
  db: Queryable,
  query: EntryListQuery,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<ListTotal & { ids: number[] }> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;

  // Entries of a dataset are read from the mappings' key (dataset_id, dataset_entry_id): in id order already.
  // A search reads the entries' lowercased inputs (entry_search_texts, keyed by the entry's id), never the entries.
  const fromDataset = query.in_dataset !== undefined;
  const entries = search ? 'entry_search_texts e' : 'dataset_entries e';
  const source = fromDataset ? `dataset_entry_mappings s${search ? ` JOIN ${entries} ON e.id = s.dataset_entry_id` : ''}` : entries;
  const id = fromDataset ? 's.dataset_entry_id' : 'e.id';
  const conditions: string[] = [];
  if (fromDataset) conditions.push(`s.dataset_id = ${param(query.in_dataset)}`);
  if (query.not_in_dataset !== undefined) {
    conditions.push(
      `NOT EXISTS (SELECT 1 FROM dataset_entry_mappings m WHERE m.dataset_id = ${param(query.not_in_dataset)} AND m.dataset_entry_id = ${id})`,
    );
  }
  // What ILIKE does (lower() on both sides, then LIKE), with the text lowered once when it was written.
  if (search) conditions.push(`e.text LIKE lower(${param(containsPattern(search))})`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const select = `SELECT ${id} AS key FROM ${source} ${where}`;
  const matches = await matchesPageWithinCap(db, select, params, limit, offset);
  if (matches !== undefined) return { ids: matches.keys, total: matches.total, capped: false };
  // More than the cap match: the page is read in order from the start, or for a search of all entries the cheaper way.
  const ids =
    search && !fromDataset && query.not_in_dataset === undefined
      ? await cappedSearchPageKeys(db, conditions.join(' AND '), params, await rowCount(db, 'entries'), limit, offset)
      : (await pageKeys(db, { select, params, order: [[id, 'DESC']], limit, offset, total: undefined })).map(Number);
  return { ids, total: COUNT_CAP, capped: true };
}

/**
 * Unfiltered and per-dataset lists have a kept total and kept id blocks; undefined when the list must be
 * counted (a search, or both dataset filters).
 */
function keptList(query: EntryListQuery, search: string | undefined): BlockList | undefined {
  const { in_dataset: inDataset, not_in_dataset: notInDataset } = query;
  if (search !== undefined || (inDataset !== undefined && notInDataset !== undefined)) return undefined;
  if (inDataset !== undefined) return { kind: 'in', dataset: inDataset };
  return notInDataset === undefined ? { kind: 'all' } : { kind: 'notIn', dataset: notInDataset };
}
