/**
 * One page of the entries list, newest (highest id) first, at a cost that does not grow with the list:
 * the total comes from the kept counts (migration 008) unless a filter needs counting (then up to
 * db/capped-count.ts's cap), the page's ids
 * come from an index alone (the mappings' key for a dataset's entries; db/page-keys.ts), and only
 * those ids' rows and datasets are then read.
 */
import type { Queryable } from '../db/database';
import { pageKeys } from '../db/page-keys';
import { rowCount } from '../db/row-counts';
import { cappedCount, exactTotal, type ListTotal } from '../db/capped-count';
import type { EntryListQuery } from '../schemas/entries';
import { pageWindow } from './page-window';

export interface EntryListPage extends ListTotal {
  ids: number[];
}

/** `%`, `_` and `\` in a search are text to find, not LIKE's wildcards. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function entryListPage(db: Queryable, query: EntryListQuery): Promise<EntryListPage> {
  const [limit, offset] = pageWindow(query);
  const search = query.search?.trim() || undefined;
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;

  // Entries of a dataset are read from the mappings' key (dataset_id, dataset_entry_id): in id order already.
  const fromDataset = query.in_dataset !== undefined;
  const source = fromDataset
    ? `dataset_entry_mappings s${search ? ' JOIN dataset_entries e ON e.id = s.dataset_entry_id' : ''}`
    : 'dataset_entries e';
  const id = fromDataset ? 's.dataset_entry_id' : 'e.id';
  const conditions: string[] = [];
  if (fromDataset) conditions.push(`s.dataset_id = ${param(query.in_dataset)}`);
  if (query.not_in_dataset !== undefined) {
    conditions.push(
      `NOT EXISTS (SELECT 1 FROM dataset_entry_mappings m WHERE m.dataset_id = ${param(query.not_in_dataset)} AND m.dataset_entry_id = ${id})`,
    );
  }
  if (search) conditions.push(`e.input ILIKE ${param(likePattern(search))}`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';

  const { total, capped } = await totalOf(db, query, search, `SELECT 1 FROM ${source} ${where}`, params);
  const ids = await pageKeys(db, {
    select: `SELECT ${id} AS key FROM ${source} ${where}`,
    params,
    order: [[id, 'DESC']],
    limit,
    offset,
    total: capped ? undefined : total,
  });
  return { ids: ids.map(Number), total, capped };
}

/** Unfiltered and per-dataset totals are kept counts; a search (or both dataset filters) is counted. */
async function totalOf(
  db: Queryable,
  query: EntryListQuery,
  search: string | undefined,
  matching: string,
  params: unknown[],
): Promise<ListTotal> {
  const { in_dataset: inDataset, not_in_dataset: notInDataset } = query;
  if (search === undefined && !(inDataset !== undefined && notInDataset !== undefined)) {
    if (inDataset !== undefined) return exactTotal(await rowCount(db, 'dataset', inDataset));
    const all = await rowCount(db, 'entries');
    return exactTotal(notInDataset === undefined ? all : all - (await rowCount(db, 'dataset', notInDataset)));
  }
  return cappedCount(db, matching, params);
}
