import type { Queryable } from '../db/database';
import type { RunWorkerOptions } from '../runs/run-queue';

/**
 * Hands judge jobs to workers, as runs are (run-queue.ts): with PGlite the server's own process works them;
 * with PostgreSQL a pg-boss queue lets `npm run worker` processes share them.
 */
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
