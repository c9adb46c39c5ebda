/**
 * What calls the schedules' tick: pg-boss's cron on PostgreSQL, which sends one job a minute however many
 * servers run it; a timer at each minute on PGlite, whose one server owns the data. Both tick once at start,
 * which runs the latest tick missed while no server was up.
 */
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/database';
import { isUniqueViolation } from '../db/database-errors';
import type { RunQueue } from '../runs/run-queue';
import { ScheduledRuns, type TickFailureListener } from './scheduled-runs';

const TICK_QUEUE = 'experiment-schedules';
const SCHEMA = 'pgboss';
const MINUTE_MS = 60_000;

export interface ScheduleClock {
  close(): Promise<void>;
}

type Log = (message: string, error?: unknown) => void;

const bossDb = (db: Queryable): PgBoss.Db => ({ executeSql: (text, values) => db.query(text, values) });

/** Ticks, telling the log what went wrong rather than stopping the clock. */
async function tickLogged(runs: ScheduledRuns, log: Log | undefined): Promise<void> {
  try {
    await runs.tick();
  } catch (error) {
    log?.('scheduled runs: a tick failed', error);
  }
}

/** PGlite: a timer a moment after each minute starts, when a five-field cron's ticks fall. */
class MinuteClock implements ScheduleClock {
  private timer?: NodeJS.Timeout;
  private ticking?: Promise<void>;
  private closed = false;

  constructor(
    private readonly runs: ScheduledRuns,
    private readonly log?: Log,
  ) {}

  start(): void {
    this.fire();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.ticking;
  }

  private fire(): void {
    if (this.closed) return;
    this.ticking = tickLogged(this.runs, this.log).finally(() => {
      if (this.closed) return;
      this.timer = setTimeout(() => this.fire(), MINUTE_MS - (Date.now() % MINUTE_MS) + 100);
    });
  }
}

const isDeadlock = (error: unknown) => (error as { code?: unknown })?.code === '40P01';

/** Servers starting together create the same queue at once, and PostgreSQL may end one's statement as a deadlock. */
async function retriedOnDeadlock(work: () => Promise<void>, tries = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

/** PostgreSQL: pg-boss's scheduler sends a job each minute (one, however many servers run it) and a server works it. */
class PgBossClock implements ScheduleClock {
  constructor(private readonly boss: PgBoss) {}

  static async open(runs: ScheduledRuns, db: Database, log?: Log, monitorSeconds = 30): Promise<PgBossClock> {
    const boss = new PgBoss({
      db: bossDb(db),
      schema: SCHEMA,
      supervise: false,
      schedule: true,
      cronMonitorIntervalSeconds: monitorSeconds,
      cronWorkerIntervalSeconds: Math.min(monitorSeconds, 5),
    });
    boss.on('error', (error) => {
      if (isUniqueViolation(error)) return;
      log?.('schedule clock error', error);
    });
    await boss.start();
    await retriedOnDeadlock(async () => {
      await boss.createQueue(TICK_QUEUE, { name: TICK_QUEUE, policy: 'singleton', retryLimit: 0 });
      await boss.schedule(TICK_QUEUE, '* * * * *', {}, { tz: 'UTC' });
    });
    await boss.work(TICK_QUEUE, { pollingIntervalSeconds: Math.min(monitorSeconds, 2) }, () => tickLogged(runs, log));
    await tickLogged(runs, log);
    return new PgBossClock(boss);
  }

  async close(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

interface ScheduleClockOptions {
  log?: Log;
  /** Told of each tick that could not start its run. */
  onTickFailed?: TickFailureListener;
  /** pg-boss only: how often it looks whether a cron tick has come (tests shorten it). */
  monitorSeconds?: number;
}

/** Starts the clock that fits the storage; the runs it makes go to `queue`. */
export async function startScheduleClock(
  db: Database,
  queue: RunQueue,
  { log, onTickFailed, monitorSeconds }: ScheduleClockOptions = {},
): Promise<ScheduleClock> {
  const runs = new ScheduledRuns(db, queue, onTickFailed);
  if (db.kind === 'postgres') return PgBossClock.open(runs, db, log, monitorSeconds);
  const clock = new MinuteClock(runs, log);
  clock.start();
  return clock;
}
