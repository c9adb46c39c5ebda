import type { Database } from '../db/database';
import { DEFAULT_RUN_WORKER_OPTIONS } from '../runs/run-queue';
import { InProcessJudgeQueue } from './in-process-judge-queue';
import type { JudgeJobQueue, JudgeWorkerOptions } from './judge-job-queue';
import { PgBossJudgeQueue } from './pg-boss-judge-queue';
import type { JudgeSliceOptions } from './process-judge-job';

/** The queue that fits the storage: in-process on PGlite, pg-boss on PostgreSQL. */
export async function openJudgeQueue(
  db: Database,
  options: JudgeWorkerOptions = DEFAULT_RUN_WORKER_OPTIONS,
  slice: JudgeSliceOptions = {},
): Promise<JudgeJobQueue> {
  return db.kind === 'pglite' ? new InProcessJudgeQueue(db, options, slice) : PgBossJudgeQueue.open(db, options, slice);
}
