/**
 * Hands judge jobs to workers, as runs are (run-queue.ts): with PGlite the server's own process works them;
 * with PostgreSQL a pg-boss queue lets `npm run worker` processes share them.
 */
import type { Database, Queryable } from '../db/database';
import { DEFAULT_RUN_WORKER_OPTIONS, type RunWorkerOptions } from '../runs/run-queue';
import { InProcessJudgeQueue } from './in-process-judge-queue';
import { PgBossJudgeQueue } from './pg-boss-judge-queue';
import type { JudgeSliceOptions } from './process-judge-job';

export interface JudgeJobQueue {
  /** Queues a job inside the transaction that creates it. */
  enqueue(tx: Queryable, jobId: number): Promise<void>;
  /** Called once that transaction committed. */
  committed(jobId: number): void;
  startWorker(): Promise<void>;
  /** Stops taking work; a batch under way is dropped and asked again later. */
  close(): Promise<void>;
}

export type JudgeWorkerOptions = RunWorkerOptions;

/** The queue that fits the storage: in-process on PGlite, pg-boss on PostgreSQL. */
export async function openJudgeQueue(
  db: Database,
  options: JudgeWorkerOptions = DEFAULT_RUN_WORKER_OPTIONS,
  slice: JudgeSliceOptions = {},
): Promise<JudgeJobQueue> {
  return db.kind === 'pglite' ? new InProcessJudgeQueue(db, options, slice) : PgBossJudgeQueue.open(db, options, slice);
}
