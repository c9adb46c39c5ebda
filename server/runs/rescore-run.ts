/**
 * Rescoring a finished run: a new run of the same experiment and configuration, tagged
 * "rescore", that scores the first run's stored rankings against the golden set as it is now
 * (stored-rankings.ts) instead of searching. Its entries are the first run's, copied here, so the two
 * pair query by query on the comparison page. It may be scored with other raters or another rule than the
 * set's (run-judges.ts), so that each judge's grades score the same rankings. Recorded as run.rescore of the new run. A rescore that
 * could not succeed is refused here (409, saying why), not accepted to fail in the worker.
 */
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import type { AuditActor } from '../audit/audit-summaries';
import { HttpError, notFound } from '../errors';
import type { ExperimentRun } from '../schemas/runs';
import type { RescoreBody } from '../schemas/run-judges';
import { chosenJudges } from './run-judges';
import { RUN_COLUMNS } from './run-rows';
import type { RunQueue } from './run-queue';

/** The run to rescore as the request reads it. */
interface Source {
  status: string;
  /** An evaluation's run (no experiment): its rankings were uploaded. */
  evaluation_id: number | null;
  tags: string[];
  golden_set_id: number | null;
  golden_set_exists: boolean;
}

const ONLY_FINISHED = 'only a run that succeeded can be rescored; start a new run instead';

/** Why the run cannot be rescored, as the 409 says it; undefined when it can. */
function refusal(id: number, source: Source): string | undefined {
  const { status } = source;
  if (source.evaluation_id !== null) {
    return `Run ${id} holds the scores of evaluation ${source.evaluation_id}: upload its rankings again as a new evaluation to score them against the golden set as it is now`;
  }
  if (status === 'pending' || status === 'running') return `Run ${id} is ${status}: rescore it once it has finished`;
  // A stopped run has no ranking for the entries it never reached: its rescore would fail on the first of them.
  if (status === 'cancelled') return `Run ${id} was cancelled before it finished: ${ONLY_FINISHED}`;
  if (status === 'failed') return `Run ${id} failed: ${ONLY_FINISHED}`;
  if (source.golden_set_id === null) return `Run ${id} has no golden set to be scored against (it was made elsewhere)`;
  if (status !== 'success') return `Run ${id} is ${status}: ${ONLY_FINISHED}`;
  if (!source.golden_set_exists) {
    return `Run ${id} was scored against golden set ${source.golden_set_id}, which has since been deleted: there is nothing to rescore it against`;
  }
  return undefined;
}

export async function rescoreRun(
  db: Database,
  queue: RunQueue,
  actor: AuditActor,
  sourceId: number,
  chosen: RescoreBody = {},
): Promise<ExperimentRun> {
  const run = await db.transaction(async (tx) => {
    const { rows } = await tx.query<Omit<Source, 'golden_set_exists'>>(
      `SELECT status, tags, CASE WHEN jsonb_typeof(config->'golden_set_id') = 'number' THEN (config->>'golden_set_id')::numeric::bigint END AS golden_set_id,
         (SELECT id FROM evaluations WHERE run_id = $1) AS evaluation_id
       FROM experiment_runs WHERE id = $1 FOR KEY SHARE`,
      [sourceId],
    );
    if (rows.length === 0) throw notFound('Experiment run', sourceId);
    // Locked until the rescore is queued: a golden set deleted meanwhile waits, then finds the rescore using it.
    const goldenSet = await tx.query('SELECT 1 FROM golden_sets WHERE id = $1 FOR KEY SHARE', [rows[0].golden_set_id]);
    const source = { ...rows[0], golden_set_exists: goldenSet.rows.length > 0 };
    const refused = refusal(sourceId, source);
    if (refused !== undefined) throw new HttpError(409, refused);
    const judges = await chosenJudges(tx, Number(source.golden_set_id), chosen);
    const tags = [...new Set([...source.tags, 'rescore'])];
    const created = await tx.query<{ id: number }>(
      `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, tags, status, config, cost_per_evaluation, progress_total,
         golden_set_version, rescore_of, judges)
       SELECT r.experiment_id, r.evaluation_script_name, $2::text[], 'pending', r.config, r.cost_per_evaluation,
         (SELECT count(*) FROM experiment_run_entries WHERE run_id = r.id),
         (SELECT version FROM golden_sets WHERE id = (r.config->>'golden_set_id')::numeric), r.id, $3::jsonb
       FROM experiment_runs r WHERE r.id = $1 RETURNING id`,
      [sourceId, tags, JSON.stringify(judges)],
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
