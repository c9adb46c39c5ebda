/**
 * Reading and saving an experiment's schedule. Saving restarts the count of its ticks from now, so a schedule
 * turned on (or changed) never makes a run for a tick that passed before.
 */
import type { Database, Queryable } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import type { AuditActor } from '../audit/audit-summaries';
import { HttpError, notFound } from '../errors';
import type { Schedule, ScheduleChange } from '../schemas/schedules';
import { cronProblem, nextTicks } from './cron-ticks';

interface ScheduleRow {
  cron: string | null;
  enabled: boolean | null;
  last_run_at: string | null;
  last_run_id: number | null;
  last_error: string | null;
}

async function readSchedule(db: Queryable, experimentId: number, now: Date): Promise<Schedule> {
  const { rows } = await db.query<ScheduleRow>(
    `SELECT s.cron, s.enabled, t.at AS last_run_at, t.run_id AS last_run_id, t.error AS last_error
     FROM experiments e
     LEFT JOIN experiment_schedules s ON s.experiment_id = e.id
     LEFT JOIN LATERAL (SELECT at, run_id, error FROM schedule_ticks WHERE experiment_id = e.id ORDER BY tick_at DESC LIMIT 1) t ON true
     WHERE e.id = $1`,
    [experimentId],
  );
  if (rows.length === 0) throw notFound('Experiment', experimentId);
  const row = rows[0];
  return {
    cron: row.cron,
    enabled: row.enabled ?? false,
    last_run_at: row.last_run_at,
    last_run_id: row.last_run_id === null ? null : Number(row.last_run_id),
    last_error: row.last_error,
    next_run_at: row.cron !== null && row.enabled ? nextTicks(row.cron, now, 1)[0].toISOString() : null,
  };
}

/** An experiment without a schedule answers cron null, not enabled. */
export const experimentSchedule = (db: Database, experimentId: number, now = new Date()) => readSchedule(db, experimentId, now);

export async function saveSchedule(
  db: Database,
  actor: AuditActor,
  experimentId: number,
  change: ScheduleChange,
  now = new Date(),
): Promise<Schedule> {
  const cron = change.cron.trim().replace(/\s+/g, ' ');
  const problem = cronProblem(cron);
  if (problem) throw new HttpError(400, `body.cron: ${problem}`);
  return db.transaction(async (tx) => {
    const experiment = await tx.query('SELECT 1 FROM experiments WHERE id = $1 FOR KEY SHARE', [experimentId]);
    if (experiment.rows.length === 0) throw notFound('Experiment', experimentId);
    await tx.query(
      `INSERT INTO experiment_schedules (experiment_id, cron, enabled, active_since, updated_at) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (experiment_id) DO UPDATE SET cron = $2, enabled = $3, active_since = $4, updated_at = $4`,
      [experimentId, cron, change.enabled, now.toISOString()],
    );
    await recordAudit(tx, actor, {
      action: 'experiment.schedule',
      target_type: 'experiment',
      target_id: experimentId,
      summary: `${change.enabled ? 'on' : 'off'}: ${cron} (UTC)`,
    });
    return readSchedule(tx, experimentId, now);
  });
}
