/**
 * After an upload's rows are written: which of them a dataset they go into held already before the upload,
 * matched on the query key (so "Leather  Chairs" is "leather chairs"). Repeats within the file are told apart
 * while the rows stream (EntryWriter); this is one set-based statement at the end of the upload's transaction,
 * over the datasets that existed before it only (the ones it created held nothing), so the COPYs keep their pace.
 * With `skip` the same statement takes those rows back out of those datasets.
 */
import type { Queryable } from '../db/database';

export interface UploadedRows {
  /** The first and last entry id this upload took from the sequence (other sessions' ids may lie between). */
  firstId: string;
  lastId: string;
  /** Ids of the datasets the rows go into that existed before the upload. */
  foundDatasets: readonly string[];
  skip: boolean;
}

export interface ExistingInputs {
  /** Rows whose input a dataset they go into held before the upload. */
  existing: number;
  /** Rows taken out of every dataset they went into (skip), so deleted. */
  skippedEntries: number;
  /** Links deleted with them or on their own (skip). */
  skippedMappings: number;
}

// This upload's rows are told apart by their range of ids and by having been written by this very transaction
// (xmin): an entry another session committed meanwhile with an id in between counts as there before. One pass
// over the found datasets' links, grouped by (dataset, key): a key with rows from before and from this upload
// was there already, and this upload's first row of it is the one that counts (later ones are repeats, counted
// as such by the writer). A row counts once however many of its datasets held it; with skip it leaves only
// those datasets, and is deleted when that leaves it in none.
const FIND_EXISTING_INPUTS = `
WITH keyed AS (
  SELECT m.dataset_id, m.dataset_entry_id AS id, e.query_key,
         (e.id BETWEEN $1::bigint AND $2::bigint AND e.xmin = pg_current_xact_id()::xid) AS fresh
  FROM dataset_entry_mappings m JOIN dataset_entries e ON e.id = m.dataset_entry_id
  WHERE m.dataset_id = ANY($3::bigint[])
),
pairs AS (
  SELECT dataset_id, min(id) FILTER (WHERE fresh) AS id
  FROM keyed GROUP BY dataset_id, query_key
  HAVING bool_or(fresh) AND NOT bool_and(fresh)
),
per_row AS (
  SELECT g.id, g.held, (SELECT count(*) FROM dataset_entry_mappings a WHERE a.dataset_entry_id = g.id) AS links
  FROM (SELECT id, count(*) AS held FROM pairs GROUP BY id) g
),
dropped_mappings AS (
  DELETE FROM dataset_entry_mappings m USING pairs p, per_row r
  WHERE $4::boolean AND r.id = p.id AND r.held < r.links AND m.dataset_id = p.dataset_id AND m.dataset_entry_id = p.id
  RETURNING 1
),
dropped_entries AS (
  DELETE FROM dataset_entries e USING per_row r
  WHERE $4::boolean AND r.held = r.links AND e.id = r.id
  RETURNING 1
)
SELECT count(*)::int AS existing,
       (SELECT count(*) FROM dropped_entries)::int AS skipped_entries,
       ((SELECT count(*) FROM dropped_mappings) + coalesce(sum(links) FILTER (WHERE $4::boolean AND held = links), 0))::int
         AS skipped_mappings
FROM per_row`;

export async function findExistingInputs(tx: Queryable, rows: UploadedRows): Promise<ExistingInputs> {
  if (rows.foundDatasets.length === 0) return { existing: 0, skippedEntries: 0, skippedMappings: 0 };
  const { rows: answer } = await tx.query<{ existing: number; skipped_entries: number; skipped_mappings: number }>(FIND_EXISTING_INPUTS, [
    rows.firstId,
    rows.lastId,
    rows.foundDatasets,
    rows.skip,
  ]);
  const { existing, skipped_entries, skipped_mappings } = answer[0];
  return { existing, skippedEntries: skipped_entries, skippedMappings: skipped_mappings };
}
