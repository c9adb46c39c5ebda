/**
 * PGlite runs PostgreSQL as one process without its checkpointer, so nothing checkpoints while the server
 * runs and the write-ahead log grows until a clean stop (1.6 GB was seen after a few large uploads). The
 * server checkpoints itself once the log written since the last checkpoint passes a bound; PGlite starts
 * with a small max_wal_size so that a checkpoint deletes the segments it no longer needs rather than
 * keeping up to a gigabyte of them for reuse.
 */
import type { Queryable } from './database';
import { freeBytesOnDisk } from './disk-space';

const MiB = 1024 * 1024;

/** Start parameters: how much log a checkpoint keeps for reuse (at least min, at most max). */
export const WAL_START_PARAMS = ['-c', 'max_wal_size=128MB', '-c', 'min_wal_size=48MB'];
/** Log written since the last checkpoint that makes the next one due. */
export const CHECKPOINT_AFTER_BYTES = 64 * MiB;
/** How often the log is measured while the server runs. */
export const WAL_CHECK_EVERY_MS = 15_000;
/**
 * A checkpoint writes a little (a log record, the control file): on a disk with less room than this it is
 * left for later, because PGlite cannot survive a failed checkpoint.
 */
const CHECKPOINT_ROOM_BYTES = 32 * MiB;

/** Bytes of log written since the last checkpoint began. */
export async function walSinceCheckpoint(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ bytes: string | number }>(
    'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::bigint AS bytes FROM pg_control_checkpoint()',
  );
  return Number(rows[0].bytes);
}

/** Checkpoints when the log has grown past its bound and the disk has room; whether it did. */
export async function checkpointIfDue(db: Queryable, dataDir: string): Promise<boolean> {
  if ((await walSinceCheckpoint(db)) < CHECKPOINT_AFTER_BYTES) return false;
  if ((await freeBytesOnDisk(dataDir)) < CHECKPOINT_ROOM_BYTES) return false;
  await db.exec('CHECKPOINT');
  return true;
}
