/**
 * Copies a started run's entries from its dataset, a chunk per statement, so that on PGlite (one
 * connection) other requests get their turn between chunks. Each chunk starts after the last entry
 * already copied, so a worker stopped mid-copy leaves nothing to clean up: the next slice goes on.
 * The run stays pending until the copy is done, and a cancel stops it after the chunk under way.
 */
import type { Database } from '../db/database';

/** Entries per statement: tens of milliseconds of work on PGlite. */
const COPY_CHUNK = 2000;

export interface CopyOptions {
  deadline?: number;
  signal?: AbortSignal;
  chunkSize?: number;
}

/**
 * 'copied': the run has all its entries; 'more': stopped for the deadline or the worker's stop;
 * 'empty': its dataset had no entries left to copy; 'ended': the run is gone or no longer pending.
 */
export type CopyOutcome = 'copied' | 'more' | 'empty' | 'ended';

export async function copyRunEntries(db: Database, runId: number, options: CopyOptions = {}): Promise<CopyOutcome> {
  const chunkSize = options.chunkSize ?? COPY_CHUNK;
  while (true) {
    const { rows } = await db.query<{ status: string; dataset_id: number | null }>(
      'SELECT status, copying_from_dataset_id AS dataset_id FROM experiment_runs WHERE id = $1',
      [runId],
    );
    if (rows.length === 0) return 'ended';
    const { status, dataset_id } = rows[0];
    if (dataset_id === null) return 'copied';
    if (status !== 'pending') return 'ended';
    if (options.signal?.aborted || (options.deadline !== undefined && Date.now() >= options.deadline)) return 'more';
    const chunk = await db.query<{ found: number }>(
      // The ids first, from the mappings' key alone, then their rows: planned as one join, every chunk read the entries from the first.
      `WITH ids AS (
         SELECT dataset_entry_id AS id FROM dataset_entry_mappings
         WHERE dataset_id = $2 AND dataset_entry_id > coalesce((SELECT max(entry_id) FROM experiment_run_entries WHERE run_id = $1), 0)
         ORDER BY dataset_entry_id LIMIT $3
       ), next AS (
         SELECT e.id, e.input FROM ids JOIN dataset_entries e ON e.id = ids.id
       ), stored AS (
         INSERT INTO experiment_run_entries (run_id, entry_id, input) SELECT $1, id, input FROM next
         ON CONFLICT (run_id, entry_id) DO NOTHING
       )
       SELECT count(*)::int AS found FROM ids`,
      [runId, dataset_id, chunkSize],
    );
    if (Number(chunk.rows[0].found) < chunkSize) {
      const total = await finishCopy(db, runId);
      // Undefined: a cancel, or another worker's finish, came first; the next turn reads which.
      if (total !== undefined) return total === 0 ? 'empty' : 'copied';
    }
  }
}

/** The run's total becomes what was copied: the dataset may have changed since the run started. */
async function finishCopy(db: Database, runId: number): Promise<number | undefined> {
  const { rows } = await db.query<{ total: number }>(
    `UPDATE experiment_runs SET copying_from_dataset_id = NULL, updated_at = now(),
       progress_total = (SELECT count(*) FROM experiment_run_entries WHERE run_id = $1)
     WHERE id = $1 AND status = 'pending' AND copying_from_dataset_id IS NOT NULL RETURNING progress_total AS total`,
    [runId],
  );
  return rows.length === 0 ? undefined : Number(rows[0].total);
}
