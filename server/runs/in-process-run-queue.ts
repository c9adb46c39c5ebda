/**
 * The PGlite worker: one loop in the server's process that works the runs the database says are
 * pending or running, oldest first, a slice each in turn. The database is the queue, so a restart
 * resumes whatever a stopped server left.
 */
import type { Database } from '../db/database';
import { processRunSlice, type SliceOptions } from './process-run';
import { afterSliceFailure } from './slice-failures';
import { DEFAULT_RUN_WORKER_OPTIONS, type RunQueue, type RunWorkerOptions } from './run-queue';

export class InProcessRunQueue implements RunQueue {
  private started = false;
  private wakeUp = false;
  private loop?: Promise<void>;
  private readonly stop = new AbortController();
  /** Failed slices in a row, by run. */
  private readonly failures = new Map<number, number>();

  constructor(
    private readonly db: Database,
    private readonly options: RunWorkerOptions = DEFAULT_RUN_WORKER_OPTIONS,
    private readonly slice: Omit<SliceOptions, 'deadline' | 'signal'> = {},
  ) {}

  async enqueue(): Promise<void> {}

  committed(): void {
    this.kick();
  }

  async startWorker(): Promise<void> {
    this.started = true;
    this.kick();
  }

  async close(): Promise<void> {
    this.started = false;
    this.stop.abort();
    await this.loop;
  }

  private kick(): void {
    if (!this.started) return;
    this.wakeUp = true;
    this.loop ??= this.work().finally(() => {
      this.loop = undefined;
      if (this.wakeUp && this.started) this.kick();
    });
  }

  private async work(): Promise<void> {
    while (this.wakeUp && this.started) {
      this.wakeUp = false;
      const { rows } = await this.db.query<{ id: number }>(
        `SELECT id FROM experiment_runs WHERE status IN ('pending', 'running') AND config IS NOT NULL ORDER BY id`,
      );
      for (const { id } of rows) {
        if (!this.started) return;
        const runId = Number(id);
        try {
          const deadline = Date.now() + this.options.sliceSeconds * 1000;
          const outcome = await processRunSlice(this.db, runId, { ...this.slice, deadline, signal: this.stop.signal });
          this.failures.delete(runId);
          if (outcome === 'more') this.wakeUp = true;
        } catch (error) {
          if (!this.started) return;
          await this.sliceFailed(runId, error);
        }
      }
    }
  }

  private async sliceFailed(runId: number, error: unknown): Promise<void> {
    const tries = (this.failures.get(runId) ?? 0) + 1;
    this.failures.set(runId, tries);
    try {
      if (await afterSliceFailure(this.db, runId, tries, error, this.slice)) {
        this.options.log?.(`run ${runId}: slice failed ${tries} times, run failed`, error);
        this.failures.delete(runId);
        return;
      }
    } catch {
      // The database is not answering either: the next try will tell.
    }
    this.options.log?.(`run ${runId}: slice failed, retrying`, error);
    this.wakeUp = true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
