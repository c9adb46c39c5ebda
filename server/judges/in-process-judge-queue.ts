/**
 * The PGlite worker of judge jobs: one loop in the server's process working the jobs the database says are
 * queued or running, oldest first, a slice each in turn; a restart resumes what a stopped server left.
 */
import type { Database } from '../db/database';
import type { JudgeJobQueue, JudgeWorkerOptions } from './judge-job-queue';
import { afterJudgeSliceFailure, processJudgeSlice, type JudgeSliceOptions } from './process-judge-job';

export class InProcessJudgeQueue implements JudgeJobQueue {
  private started = false;
  private wakeUp = false;
  private loop?: Promise<void>;
  private readonly stop = new AbortController();
  /** Failed slices in a row, by job. */
  private readonly failures = new Map<number, number>();

  constructor(
    private readonly db: Database,
    private readonly options: JudgeWorkerOptions,
    private readonly slice: JudgeSliceOptions,
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
      const { rows } = await this.db.query<{ id: number }>(`SELECT id FROM judge_jobs WHERE status IN ('queued', 'running') ORDER BY id`);
      for (const { id } of rows) {
        if (!this.started) return;
        const jobId = Number(id);
        try {
          const deadline = Date.now() + this.options.sliceSeconds * 1000;
          const outcome = await processJudgeSlice(this.db, jobId, { ...this.slice, deadline, signal: this.stop.signal });
          this.failures.delete(jobId);
          if (outcome === 'more') this.wakeUp = true;
        } catch (error) {
          if (!this.started) return;
          const tries = (this.failures.get(jobId) ?? 0) + 1;
          this.failures.set(jobId, tries);
          this.options.log?.(`judge job ${jobId}: slice failed`, error);
          if (await afterJudgeSliceFailure(this.db, jobId, tries, error).catch(() => false)) this.failures.delete(jobId);
          this.wakeUp = true;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    }
  }
}
