import type { Queryable } from '../db/database';

/**
 * Hands new runs to workers. With PGlite the server's own process works them (it alone owns the data
 * folder); with PostgreSQL a pg-boss queue lets `npm run worker` processes on any machine share them.
 */
export interface RunQueue {
  /** Queues a run inside the transaction that creates it: no run without its job, no job without its run. */
  enqueue(tx: Queryable, runId: number): Promise<void>;
  /** Called once that transaction committed. */
  committed(runId: number): void;
  /** Starts working runs in this process (and resumes the ones a stopped worker left). */
  startWorker(): Promise<void>;
  /** Stops taking work; a slice under way stores its batch and stops. */
  close(): Promise<void>;
}

export interface RunWorkerOptions {
  /** Seconds a worker spends on one run before handing it back to the queue (other runs get turns). */
  sliceSeconds: number;
  /** pg-boss only: a job not finished after this long counts as lost (its worker died) and is retried. */
  jobExpireSeconds: number;
  /** pg-boss only: how often expired jobs are looked for. */
  maintenanceSeconds: number;
  log?: (message: string, error?: unknown) => void;
}

export const DEFAULT_RUN_WORKER_OPTIONS: RunWorkerOptions = { sliceSeconds: 20, jobExpireSeconds: 300, maintenanceSeconds: 30 };
