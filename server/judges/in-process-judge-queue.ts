/** The PGlite worker of judge jobs: the server's own loop (in-process-slices.ts) over the jobs still queued or running. */
import type { Database } from '../db/database';
import { InProcessSlices } from '../work/in-process-slices';
import type { JudgeJobQueue, JudgeWorkerOptions } from './judge-job-queue';
import { afterJudgeSliceFailure, processJudgeSlice, type JudgeSliceOptions } from './process-judge-job';

export class InProcessJudgeQueue implements JudgeJobQueue {
  private readonly slices: InProcessSlices;

  constructor(db: Database, options: JudgeWorkerOptions, slice: JudgeSliceOptions) {
    this.slices = new InProcessSlices(
      {
        pending: async () => {
          const { rows } = await db.query<{ id: number }>(`SELECT id FROM judge_jobs WHERE status IN ('queued', 'running') ORDER BY id`);
          return rows.map((row) => Number(row.id));
        },
        slice: (jobId, deadline, signal) => processJudgeSlice(db, jobId, { ...slice, deadline, signal }),
        failed: (jobId, tries, error) => {
          options.log?.(`judge job ${jobId}: slice failed`, error);
          return afterJudgeSliceFailure(db, jobId, tries, error);
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
