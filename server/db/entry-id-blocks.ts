/**
 * Pages of an unsearched entries list (newest first) found through the entries kept per block of 1,024
 * ids (migration 015): the list's blocks, summed newest first, name the blocks that hold the page's first
 * and last rows and how many of the list's rows come before the first, so the page's keys are read
 * between those blocks' bounds, skipping fewer than 1,024 rows however deep the page. One statement, so
 * blocks and rows agree.
 */
import type { Queryable } from './database';

/** All entries, a dataset's entries, or the entries not in a dataset. */
export type BlockList = { kind: 'all' } | { kind: 'in' | 'notIn'; dataset: number };

/**
 * Ids a block spans. Within a block's worth of rows of either end, reading the list's index from that end
 * skips no more rows than the blocks' read would, and summing the blocks (about 1.5 ms at a million
 * entries) is saved: such pages are read from their end (entries/kept-entry-page.ts).
 */
export const BLOCK_IDS = 1024;
/** Rows beyond one per owner and block past which reading folds them (as row-counts.ts does a count's). */
const FOLD_ABOVE = 64;

/**
 * Each list's ids and rows between the bounds ($1 a dataset's entries, $2 a dataset's not). The excluded
 * dataset's mappings are bounded too: with the bounds unknown when planning, PostgreSQL would otherwise
 * sort all of them (7 ms for 55,000, and growing with the dataset).
 */
const BETWEEN = 'BETWEEN (SELECT low FROM bounds) AND (SELECT high FROM bounds)';
const LISTED: Record<BlockList['kind'], { id: string; rows: string }> = {
  all: { id: 'e.id', rows: `dataset_entries e WHERE e.id ${BETWEEN}` },
  in: { id: 's.dataset_entry_id', rows: `dataset_entry_mappings s WHERE s.dataset_id = $1 AND s.dataset_entry_id ${BETWEEN}` },
  notIn: {
    id: 'e.id',
    rows: `dataset_entries e WHERE e.id ${BETWEEN} AND NOT EXISTS (SELECT 1 FROM dataset_entry_mappings m
       WHERE m.dataset_id = $2 AND m.dataset_entry_id = e.id AND m.dataset_entry_id ${BETWEEN})`,
  },
};

/** The ids of the page of `limit` rows after the list's first `offset`, newest first. */
export async function blockPageKeys(db: Queryable, list: BlockList, limit: number, offset: number): Promise<number[]> {
  const [counted, excluded] = owners(list);
  const { id, rows: listed } = LISTED[list.kind];
  // The list's blocks are the counted owner's (0: all entries) less the excluded one's; $3 is the page's
  // first row, $4 the row after its last.
  const { rows } = await db.query<{ key: string | number; unfolded: string | number }>(
    `WITH owned AS (
       SELECT owner_id, block, sum(n)::int AS n, count(*)::int AS parts FROM entry_id_blocks
       WHERE owner_id IN ($1::bigint, $2::bigint) GROUP BY owner_id, block
     ), placed AS (
       SELECT block, n, sum(n) OVER (ORDER BY block DESC) AS through
       FROM (SELECT block, sum(CASE WHEN owner_id = $1 THEN n ELSE -n END)::int AS n FROM owned GROUP BY block) AS counted
     ), bounds AS (
       -- The newest block reaching past the first row holds it; the newest reaching the last row, that one.
       SELECT max(block) FILTER (WHERE through > $3::bigint) * ${BLOCK_IDS} + ${BLOCK_IDS - 1} AS high,
         coalesce(max(block) FILTER (WHERE through >= $4::bigint), 0) * ${BLOCK_IDS} AS low,
         ($3 - min(through - n) FILTER (WHERE through > $3))::bigint AS skip
       FROM placed
     )
     SELECT ${id} AS key, (SELECT sum(parts) - count(*) FROM owned) AS unfolded FROM ${listed}
     ORDER BY ${id} DESC LIMIT $5 OFFSET (SELECT skip FROM bounds)`,
    [counted, excluded, offset, offset + limit, limit],
  );
  if (rows.length > 0 && Number(rows[0].unfolded) > FOLD_ABOVE) await foldBlocks(db, list);
  return rows.map((row) => Number(row.key));
}

/** The owner whose blocks a list counts (0: all entries) and the one whose it excludes (or null). */
function owners(list: BlockList): [number, number | null] {
  if (list.kind === 'all') return [0, null];
  return list.kind === 'in' ? [list.dataset, null] : [0, list.dataset];
}

/**
 * Replaces each block's committed rows by their sum (none when it is 0: every entry of it deleted). Rows
 * other transactions are still writing are not seen, so they stay; two folds at once wait for each
 * other's rows, so nothing counts twice.
 */
async function foldBlocks(db: Queryable, list: BlockList): Promise<void> {
  await db.query(
    `WITH split AS (
       SELECT owner_id, block FROM entry_id_blocks WHERE owner_id IN ($1::bigint, $2::bigint) GROUP BY owner_id, block HAVING count(*) > 1
     ), gone AS (
       DELETE FROM entry_id_blocks b USING split s WHERE b.owner_id = s.owner_id AND b.block = s.block RETURNING b.owner_id, b.block, b.n
     )
     INSERT INTO entry_id_blocks (owner_id, block, n)
     SELECT owner_id, block, sum(n) FROM gone GROUP BY owner_id, block HAVING sum(n) <> 0`,
    owners(list),
  );
}
