import type { Database } from '../db/database';
import type { RunsConfig } from '../config';
import { InProcessRunQueue } from './in-process-run-queue';
import { PgBossRunQueue } from './pg-boss-run-queue';
import type { RunQueue, RunWorkerOptions } from './run-queue';
import type { SliceOptions } from './process-run';

/** The queue that fits the storage: in-process on PGlite, pg-boss on PostgreSQL. */
export async function openRunQueue(
  db: Database,
  config: Omit<RunsConfig, 'worker'>,
  { log, slice = {} }: { log?: RunWorkerOptions['log']; slice?: Omit<SliceOptions, 'deadline' | 'signal'> } = {},
): Promise<RunQueue> {
  const options: RunWorkerOptions = { ...config, log };
  return db.kind === 'pglite' ? new InProcessRunQueue(db, options, slice) : PgBossRunQueue.open(db, options, slice);
}
