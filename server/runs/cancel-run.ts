import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import type { AuditActor } from '../audit/audit-summaries';
import { HttpError, notFound } from '../errors';
import type { ExperimentRun } from '../schemas/runs';
import { RUN_COLUMNS } from './run-rows';

/** Cancels a pending or running run; a slice under way stops after its batch. Recorded as run.cancel. */
export async function cancelRun(db: Database, actor: AuditActor, runId: number): Promise<ExperimentRun> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string }>('SELECT status FROM experiment_runs WHERE id = $1 FOR UPDATE', [runId]);
    if (rows.length === 0) throw notFound('Experiment run', runId);
    if (!['pending', 'running'].includes(rows[0].status)) {
      throw new HttpError(409, `Experiment run ${runId} has already finished (${rows[0].status}).`);
    }
    await tx.query(`UPDATE experiment_runs SET status = 'cancelled', finished_at = now(), updated_at = now() WHERE id = $1`, [runId]);
    await recordAudit(tx, actor, { action: 'run.cancel', target_type: 'run', target_id: runId, summary: `was ${rows[0].status}` });
    return (await tx.query<ExperimentRun>(`SELECT ${RUN_COLUMNS} FROM experiment_runs WHERE id = $1`, [runId])).rows[0];
  });
}
