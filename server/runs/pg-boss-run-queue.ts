/**
 * The PostgreSQL queue: one pg-boss job per slice of a run. A worker works a slice, queues the next
 * one and completes its job; the queue's 'stately' policy keeps one active job per run, and a job whose
 * worker died expires and is retried, so the run resumes where its results stop.
 */
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/database';
import { isUniqueViolation } from '../db/database-errors';
import { processRunSlice, type SliceOptions } from './process-run';
import { afterSliceFailure } from './slice-failures';
import { DEFAULT_RUN_WORKER_OPTIONS, type RunQueue, type RunWorkerOptions } from './run-queue';

const RUN_QUEUE = 'evaluation-run';
const SCHEMA = 'pgboss';

interface RunJob {
  runId: number;
}

const bossDb = (db: Queryable): PgBoss.Db => ({ executeSql: (text, values) => db.query(text, values) });

export class PgBossRunQueue implements RunQueue {
  private readonly stop = new AbortController();
  private working = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly db: Database,
    private readonly options: RunWorkerOptions,
    private readonly slice: Omit<SliceOptions, 'deadline' | 'signal'>,
  ) {}

  static async open(
    db: Database,
    options: RunWorkerOptions = DEFAULT_RUN_WORKER_OPTIONS,
    slice: Omit<SliceOptions, 'deadline' | 'signal'> = {},
    { supervise = true }: { supervise?: boolean } = {},
  ): Promise<PgBossRunQueue> {
    const boss = new PgBoss({
      db: bossDb(db),
      schema: SCHEMA,
      supervise,
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
    });
    boss.on('error', (error) => {
      // Two workers reaching for the same run's next slice: the 'stately' index lets one have it.
      if (isUniqueViolation(error)) return;
      options.log?.('run queue error', error);
    });
    await boss.start();
    await boss.createQueue(RUN_QUEUE, {
      name: RUN_QUEUE,
      policy: 'stately',
      // A lost slice (its worker died) is retried for as long as its run needs: each retry starts where
      // the results stop. A slice that throws is retried only SLICE_TRIES times (see startWorker).
      retryLimit: 1_000_000,
      retryDelay: 1,
      expireInSeconds: options.jobExpireSeconds,
    });
    return new PgBossRunQueue(boss, db, options, slice);
  }

  async enqueue(tx: Queryable, runId: number): Promise<void> {
    await this.send(runId, tx);
  }

  committed(): void {}

  async startWorker(): Promise<void> {
    this.working = true;
    await this.boss.work<RunJob>(RUN_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1, includeMetadata: true }, async ([job]) => {
      const { runId } = job.data;
      const deadline = Date.now() + this.options.sliceSeconds * 1000;
      let outcome;
      try {
        outcome = await processRunSlice(this.db, runId, { ...this.slice, deadline, signal: this.stop.signal });
      } catch (error) {
        // The job's retries are the slice's earlier tries; at the limit the run fails and the job completes.
        if (await afterSliceFailure(this.db, runId, job.retryCount + 1, error, this.slice)) return;
        throw error;
      }
      // Queued before this job completes: a crash in between leaves this job to expire and be retried.
      if (outcome === 'more') await this.send(runId);
    });
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.boss.stop({ graceful: this.working, wait: true, timeout: 30_000 });
  }

  private async send(runId: number, tx?: Queryable): Promise<void> {
    await this.boss.send(RUN_QUEUE, { runId } satisfies RunJob, {
      singletonKey: String(runId),
      expireInSeconds: this.options.jobExpireSeconds,
      ...(tx ? { db: bossDb(tx) } : {}),
    });
  }
}
