/**
 * Rescoring a finished run (issue 16): a new run of the same experiment and configuration, tagged
 * "rescore", that scores the first run's stored rankings against the golden set as it is now
 * (stored-rankings.ts) instead of searching. Its entries are the first run's, copied here, so the two
 * pair query by query on the comparison page. Recorded as run.rescore of the new run.
 */
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import type { AuditActor } from '../audit/audit-summaries';
import { HttpError, notFound } from '../errors';
import type { ExperimentRun } from '../schemas/runs';
import { RUN_COLUMNS } from './run-rows';
import type { RunQueue } from './run-queue';

export async function rescoreRun(db: Database, queue: RunQueue, actor: AuditActor, sourceId: number): Promise<ExperimentRun> {
  const run = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string; has_golden_set: boolean; tags: string[] }>(
      `SELECT status, tags, config IS NOT NULL AND jsonb_typeof(config->'golden_set_id') = 'number' AS has_golden_set
       FROM experiment_runs WHERE id = $1 FOR KEY SHARE`,
      [sourceId],
    );
    if (rows.length === 0) throw notFound('Experiment run', sourceId);
    const source = rows[0];
    if (source.status === 'pending' || source.status === 'running') {
      throw new HttpError(409, `Run ${sourceId} is ${source.status}: rescore it once it has finished`);
    }
    if (!source.has_golden_set) throw new HttpError(409, `Run ${sourceId} has no golden set to be scored against (it was made elsewhere)`);
    const tags = [...new Set([...source.tags, 'rescore'])];
    const created = await tx.query<{ id: number }>(
      `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, tags, status, config, cost_per_evaluation, progress_total,
         golden_set_version, rescore_of)
       SELECT r.experiment_id, r.evaluation_script_name, $2::text[], 'pending', r.config, r.cost_per_evaluation,
         (SELECT count(*) FROM experiment_run_entries WHERE run_id = r.id),
         (SELECT version FROM golden_sets WHERE id = (r.config->>'golden_set_id')::numeric), r.id
       FROM experiment_runs r WHERE r.id = $1 RETURNING id`,
      [sourceId, tags],
    );
    const runId = Number(created.rows[0].id);
    const copied = await tx.query(
      'INSERT INTO experiment_run_entries (run_id, entry_id, input) SELECT $1, entry_id, input FROM experiment_run_entries WHERE run_id = $2',
      [runId, sourceId],
    );
    if (copied.rowCount === 0) throw new HttpError(409, `Run ${sourceId} has no entries to rescore`);
    await recordAudit(tx, actor, { action: 'run.rescore', target_type: 'run', target_id: runId, summary: `rescore of run ${sourceId}` });
    await queue.enqueue(tx, runId);
    return (await tx.query<ExperimentRun>(`SELECT ${RUN_COLUMNS} FROM experiment_runs WHERE id = $1`, [runId])).rows[0];
  });
  queue.committed(Number(run.id));
  return run;
}
