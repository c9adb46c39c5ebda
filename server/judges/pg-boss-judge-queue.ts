/**
 * The PostgreSQL queue of judge jobs: one pg-boss job per slice, as for runs (pg-boss-run-queue.ts). The
 * 'stately' policy keeps one active slice per job; a slice whose worker died expires and is retried.
 */
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/database';
import { isUniqueViolation } from '../db/database-errors';
import type { JudgeJobQueue, JudgeWorkerOptions } from './judge-job-queue';
import { afterJudgeSliceFailure, processJudgeSlice, type JudgeSliceOptions } from './process-judge-job';

const JUDGE_QUEUE = 'judge-job';
const SCHEMA = 'pgboss';

interface JudgeJobMessage {
  jobId: number;
}

const bossDb = (db: Queryable): PgBoss.Db => ({ executeSql: (text, values) => db.query(text, values) });

export class PgBossJudgeQueue implements JudgeJobQueue {
  private readonly stop = new AbortController();
  private working = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly db: Database,
    private readonly options: JudgeWorkerOptions,
    private readonly slice: JudgeSliceOptions,
  ) {}

  static async open(db: Database, options: JudgeWorkerOptions, slice: JudgeSliceOptions): Promise<PgBossJudgeQueue> {
    const boss = new PgBoss({
      db: bossDb(db),
      schema: SCHEMA,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
    });
    boss.on('error', (error) => {
      if (isUniqueViolation(error)) return;
      options.log?.('judge queue error', error);
    });
    await boss.start();
    await boss.createQueue(JUDGE_QUEUE, {
      name: JUDGE_QUEUE,
      policy: 'stately',
      retryLimit: 1_000_000,
      retryDelay: 1,
      expireInSeconds: options.jobExpireSeconds,
    });
    return new PgBossJudgeQueue(boss, db, options, slice);
  }

  async enqueue(tx: Queryable, jobId: number): Promise<void> {
    await this.send(jobId, tx);
  }

  committed(): void {}

  async startWorker(): Promise<void> {
    this.working = true;
    await this.boss.work<JudgeJobMessage>(
      JUDGE_QUEUE,
      { pollingIntervalSeconds: 1, batchSize: 1, includeMetadata: true },
      async ([job]) => {
        const { jobId } = job.data;
        const deadline = Date.now() + this.options.sliceSeconds * 1000;
        let outcome;
        try {
          outcome = await processJudgeSlice(this.db, jobId, { ...this.slice, deadline, signal: this.stop.signal });
        } catch (error) {
          if (await afterJudgeSliceFailure(this.db, jobId, job.retryCount + 1, error)) return;
          throw error;
        }
        if (outcome === 'more') await this.send(jobId);
      },
    );
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.boss.stop({ graceful: this.working, wait: true, timeout: 30_000 });
  }

  private async send(jobId: number, tx?: Queryable): Promise<void> {
    await this.boss.send(JUDGE_QUEUE, { jobId } satisfies JudgeJobMessage, {
      singletonKey: String(jobId),
      expireInSeconds: this.options.jobExpireSeconds,
      ...(tx ? { db: bossDb(tx) } : {}),
    });
  }
}
