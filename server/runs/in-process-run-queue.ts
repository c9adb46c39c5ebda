/** The PGlite worker of runs: the server's own loop (in-process-slices.ts) over the runs still pending or running. */
import type { Database } from '../db/database';
import { InProcessSlices } from '../work/in-process-slices';
import { processRunSlice, type SliceOptions } from './process-run';
import { afterSliceFailure } from './slice-failures';
import { DEFAULT_RUN_WORKER_OPTIONS, type RunQueue, type RunWorkerOptions } from './run-queue';

export class InProcessRunQueue implements RunQueue {
  private readonly slices: InProcessSlices;

  constructor(db: Database, options: RunWorkerOptions = DEFAULT_RUN_WORKER_OPTIONS, slice: Omit<SliceOptions, 'deadline' | 'signal'> = {}) {
    this.slices = new InProcessSlices(
      {
        pending: async () => {
          const { rows } = await db.query<{ id: number }>(
            `SELECT id FROM experiment_runs WHERE status IN ('pending', 'running') AND config IS NOT NULL ORDER BY id`,
          );
          return rows.map((row) => Number(row.id));
        },
        slice: (runId, deadline, signal) => processRunSlice(db, runId, { ...slice, deadline, signal }),
        failed: async (runId, tries, error) => {
          // When the database is not answering either, the next try will tell.
          const gaveUp = await afterSliceFailure(db, runId, tries, error, slice).catch(() => false);
          options.log?.(gaveUp ? `run ${runId}: slice failed ${tries} times, run failed` : `run ${runId}: slice failed, retrying`, error);
          return gaveUp;
        },
      },
      options.sliceSeconds,
    );
  }

  async enqueue(): Promise<void> {}

  committed(): void {
    this.slices.kick();
  }

  async startWorker(): Promise<void> {
    this.slices.start();
  }

  close(): Promise<void> {
    return this.slices.close();
  }
}
