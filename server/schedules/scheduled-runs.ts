/**
 * A tick of the schedules: every enabled schedule whose latest tick has come and not yet run gets one run,
 * started as a person's would be and attributed to the scheduler. Whatever calls tick() (pg-boss's cron, the
 * in-process timer, a start after the server was down), the (experiment, tick) key of schedule_ticks lets
 * exactly one caller make the run. Only the latest tick missed runs: a server down for a day makes one run,
 * not 1,440. A tick that cannot make its run is kept with the reason, and its one caller tells the listener
 * (the alerts that asked for failures).
 */
import type { Database } from '../db/database';
import type { AuditActor } from '../audit/audit-summaries';
import { HttpError } from '../errors';
import type { RunQueue } from '../runs/run-queue';
import { startRunIn } from '../runs/start-run';
import { latestTick } from './cron-ticks';

/** Who the audit trail says started a scheduled run. */
const SCHEDULER: AuditActor = { sub: 'scheduler', name: 'Schedule' };
/** Scheduled runs carry this tag, so the runs list shows them (schedule_ticks is what the alerts read). */
const SCHEDULED_TAG = 'scheduled';

interface DueRow {
  experiment_id: number;
  cron: string;
  /** The later of the last tick run and when the schedule was saved: ticks after it are due. */
  after: string;
}

interface ScheduledRun {
  experiment_id: number;
  tick_at: string;
  run_id: number | null;
  error: string | null;
}

/** Told once of each tick kept without a run (RunAlerts.onTickFailed). */
export type TickFailureListener = (db: Database, experimentId: number, tickAt: string) => void;

export class ScheduledRuns {
  constructor(
    private readonly db: Database,
    private readonly queue: RunQueue,
    private readonly onTickFailed?: TickFailureListener,
  ) {}

  /** Makes the due runs as of `now`; answers what this call made (nothing for a tick another caller had). */
  async tick(now = new Date()): Promise<ScheduledRun[]> {
    const { rows } = await this.db.query<DueRow>(
      `SELECT s.experiment_id, s.cron,
         greatest(s.active_since, (SELECT max(tick_at) FROM schedule_ticks t WHERE t.experiment_id = s.experiment_id)) AS after
       FROM experiment_schedules s WHERE s.enabled ORDER BY s.experiment_id`,
    );
    const made: ScheduledRun[] = [];
    for (const row of rows) {
      const tick = latestTick(row.cron, now);
      if (tick.getTime() <= Date.parse(row.after)) continue;
      const run = await this.runTick(Number(row.experiment_id), tick.toISOString());
      if (run) made.push(run);
    }
    return made;
  }

  private async runTick(experimentId: number, tickAt: string): Promise<ScheduledRun | undefined> {
    try {
      const runId = await this.db.transaction(async (tx) => {
        // Another caller's insert of the same tick waits for its commit, then conflicts: one run per tick.
        const claimed = await tx.query(
          'INSERT INTO schedule_ticks (experiment_id, tick_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING tick_at',
          [experimentId, tickAt],
        );
        if (claimed.rows.length === 0) return undefined;
        const run = await startRunIn(tx, this.queue, SCHEDULER, experimentId, [SCHEDULED_TAG]);
        await tx.query('UPDATE schedule_ticks SET run_id = $3 WHERE experiment_id = $1 AND tick_at = $2', [experimentId, tickAt, run.id]);
        return Number(run.id);
      });
      if (runId === undefined) return undefined;
      this.queue.committed(runId);
      return { experiment_id: experimentId, tick_at: tickAt, run_id: runId, error: null };
    } catch (error) {
      // The experiment cannot run now (no golden set, a dataset emptied, a search target refused) or the run could
      // not be made: the tick is kept with the reason, shown on its schedule, rather than dropped without a word.
      const reason = error instanceof HttpError ? error.message : `The run could not be created: ${(error as Error).message}`;
      const keep =
        'INSERT INTO schedule_ticks (experiment_id, tick_at, error) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING tick_at';
      // Nothing can be kept (the database is gone): the tick's own failure is what the log needs.
      const kept = await this.db.query(keep, [experimentId, tickAt, reason]).catch(() => {
        throw error;
      });
      if (kept.rows.length === 0) return undefined;
      this.onTickFailed?.(this.db, experimentId, tickAt);
      return { experiment_id: experimentId, tick_at: tickAt, run_id: null, error: reason };
    }
  }
}
