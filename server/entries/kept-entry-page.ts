/**
 * A page of an unsearched entries list (all entries, a dataset's, or those not in a dataset) read in one
 * statement: the kept total (migration 008), the page's keys from whichever end of the list is nearer, and
 * the page's rows. Each statement is a round trip to the database and a write on both sides, and planning
 * this one costs more than running it, so it is kept prepared. The statement decides the end from the
 * total it reads; a page deeper than a block's worth of rows from both ends is then read through the kept
 * id blocks (db/entry-id-blocks.ts).
 */
import type { Queryable } from '../db/database';
import { foldIfSplit } from '../db/row-counts';
import { BLOCK_IDS, blockPageKeys, type BlockList } from '../db/entry-id-blocks';
import { ENTRY_COLUMNS, loadEntries, toEntry, type EntryListPage, type EntryRow } from './entry-records';

/** How the page's keys are read, given the list's total. */
type Way = 'first' | 'last' | 'blocks';

interface PageRow extends EntryRow {
  total: string | number;
  way: Way;
  counted_parts: number;
  excluded_parts: number;
}

/** The list's ids (`key`) and the rows they come from, by kind ($4 the counted dataset, $5 the excluded one). */
const LISTED: Record<BlockList['kind'], { key: string; rows: string; where: string }> = {
  all: { key: 'e.id', rows: 'dataset_entries e', where: 'TRUE' },
  in: { key: 's.dataset_entry_id', rows: 'dataset_entry_mappings s', where: 's.dataset_id = $4' },
  notIn: {
    key: 'e.id',
    rows: 'dataset_entries e',
    where: 'NOT EXISTS (SELECT 1 FROM dataset_entry_mappings m WHERE m.dataset_id = $5 AND m.dataset_entry_id = e.id)',
  },
};

/**
 * $1 the page's size, $2 the rows before it. The total is the counted owner's count ($3 'entries' and $4 0
 * for all entries, 'dataset' and its id for a dataset's) less the excluded dataset's ($5, or null). Each
 * branch of `keys` runs only when `way` names it: its condition reads no row, so the planner tests it once
 * before reading any. The rows are looked up by the keys as an array: joined to `keys`, the planner, not
 * knowing how few they are, merge-joined the whole table.
 */
function pageSql(kind: BlockList['kind']): string {
  const { key, rows, where } = LISTED[kind];
  const total = '(SELECT total FROM plan)';
  return `
    WITH counts AS (
      SELECT coalesce(sum(n) FILTER (WHERE counted = $3 AND owner_id = $4), 0)
               - coalesce(sum(n) FILTER (WHERE counted = 'dataset' AND owner_id = $5), 0) AS total,
             count(*) FILTER (WHERE counted = $3 AND owner_id = $4)::int AS counted_parts,
             count(*) FILTER (WHERE counted = 'dataset' AND owner_id = $5)::int AS excluded_parts
      FROM row_counts WHERE (counted = $3 AND owner_id = $4) OR (counted = 'dataset' AND owner_id = $5)
    ), plan AS MATERIALIZED (
      SELECT total, counted_parts, excluded_parts,
        CASE WHEN least($2::bigint, total - $2 - $1) > ${BLOCK_IDS} THEN 'blocks' WHEN $2::bigint * 2 > total THEN 'last' ELSE 'first' END AS way
      FROM counts
    ), keys AS (
      (SELECT ${key} AS key FROM ${rows} WHERE ${where} AND (SELECT way FROM plan) = 'first'
       ORDER BY ${key} DESC LIMIT $1 OFFSET $2)
      UNION ALL
      (SELECT ${key} FROM ${rows} WHERE ${where} AND (SELECT way FROM plan) = 'last'
       ORDER BY ${key} ASC LIMIT greatest(0, least($1::bigint, ${total} - $2)) OFFSET greatest(0, ${total} - $2 - $1))
    )
    SELECT p.total, p.way, p.counted_parts, p.excluded_parts, ${ENTRY_COLUMNS}
    FROM plan p LEFT JOIN dataset_entries e ON e.id = ANY(ARRAY(SELECT key FROM keys))
    ORDER BY e.id DESC`;
}

/** Built once: a request sends the same text each time, which also names its prepared statement. */
const PAGE_SQL: Record<BlockList['kind'], string> = { all: pageSql('all'), in: pageSql('in'), notIn: pageSql('notIn') };

export async function keptEntryPage(db: Queryable, list: BlockList, limit: number, offset: number): Promise<EntryListPage> {
  const [counted, owner] = list.kind === 'in' ? (['dataset', list.dataset] as const) : (['entries', 0] as const);
  const excluded = list.kind === 'notIn' ? list.dataset : null;
  // Kept prepared, but for the entries not in a dataset: without the page's size, the one plan for any
  // page would read all of the dataset's mappings to leave them out.
  const { rows } = await db.query<PageRow>(PAGE_SQL[list.kind], [limit, offset, counted, owner, excluded], {
    prepare: list.kind !== 'notIn',
  });
  const [{ total, way, counted_parts: countedParts, excluded_parts: excludedParts }] = rows;
  await foldIfSplit(db, counted, owner, countedParts);
  if (excluded !== null) await foldIfSplit(db, 'dataset', excluded, excludedParts);
  const entries =
    way === 'blocks'
      ? await loadEntries(db, await blockPageKeys(db, list, limit, offset))
      : rows.filter((row) => row.id !== null).map(toEntry);
  return { entries, total: Number(total), capped: false };
}
