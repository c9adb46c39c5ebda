/**
 * One run as its page shows it: status, progress, summary, its experiment's name (or the evaluation whose run
 * it is) and the config it ran with.
 */
import type { Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import { notFound } from '../errors';
import type { ExperimentRun } from '../schemas/runs';
import { RUN_COLUMNS } from './run-rows';
import { runSummary } from './run-tally';

/** Which golden set a run was scored with, and whether it has changed since. */
interface GoldenSetState {
  golden_set_id: number | null;
  golden_set_version: number | null;
  golden_set_changed: boolean;
  rescore_of: number | null;
}

/** The evaluation a run scores the uploaded rankings of, so its page links to it. */
interface RunEvaluation {
  id: number;
  name: string;
}

export async function runDetails(db: Queryable, runId: number) {
  const run = await db.query<ExperimentRun>(`SELECT ${RUN_COLUMNS} FROM experiment_runs WHERE id = $1`, [runId]);
  if (run.rows.length === 0) throw notFound('Experiment run', runId);
  const { rows } = await db.query<
    { experiment_name: string | null; config: Record<string, unknown> | null; evaluation: RunEvaluation | null } & GoldenSetState
  >(
    `SELECT e.name AS experiment_name, r.config, r.golden_set_version, r.rescore_of, g.id AS golden_set_id,
       CASE WHEN v.id IS NOT NULL THEN json_build_object('id', v.id, 'name', v.name) END AS evaluation,
       -- Runs from before versions were kept were scored against version 0: no change was possible before.
       g.id IS NOT NULL AND g.version <> coalesce(r.golden_set_version, 0) AS golden_set_changed
     FROM experiment_runs r LEFT JOIN experiments e ON e.id = r.experiment_id LEFT JOIN evaluations v ON v.run_id = r.id
       LEFT JOIN golden_sets g ON jsonb_typeof(r.config->'golden_set_id') = 'number' AND g.id = (r.config->>'golden_set_id')::numeric
     WHERE r.id = $1`,
    [runId],
  );
  const { experiment_name, config, evaluation, ...goldenSet } = rows[0] ?? { experiment_name: null, config: null, evaluation: null };
  return {
    ...run.rows[0],
    summary: (await runSummary(db, runId)) ?? undefined,
    ...(experiment_name === null ? {} : { experiment_name }),
    config,
    ...goldenSet,
    evaluation: evaluation && { id: Number(evaluation.id), name: evaluation.name },
  };
}

/** The name of the run's experiment ('' when it has none), which its downloads are named by; 404 when there is no such run. */
export async function runExperimentName(db: Queryable, runId: number): Promise<string> {
  await requireRow(db, 'experiment_runs', runId);
  const { rows } = await db.query<{ name: string }>(
    'SELECT e.name FROM experiment_runs r JOIN experiments e ON e.id = r.experiment_id WHERE r.id = $1',
    [runId],
  );
  return rows[0]?.name ?? '';
}
