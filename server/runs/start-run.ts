/**
 * Starting a run: check the experiment can run here, create the run and queue it, in one short
 * transaction, so a run exists only with its job. Its worker copies the dataset's entries
 * (copy-run-entries.ts): copying them here made every request wait on PGlite.
 */
import Ajv from 'ajv';
import type { Database } from '../db/database';
import { rowCount } from '../db/row-counts';
import { HttpError, notFound } from '../errors';
import { RunConfigSchema, type StoredRunConfig } from '../schemas/run-config';
import { configProblems, withDefaults, type RunConfig } from './experiment-config';
import type { ExperimentRun } from '../schemas/runs';
import { RUN_COLUMNS } from './run-rows';
import type { RunQueue } from './run-queue';

const GOLDEN_SET_RELEVANCE = 'golden-set-relevance';

const isValidConfig = new Ajv({ strict: false, discriminator: true }).compile<StoredRunConfig>(RunConfigSchema);

interface ExperimentRow {
  name: string;
  config: unknown;
  dataset_id: number;
  dataset_name: string;
  script_name: string;
  engine: string | null;
  cost: number;
}

export async function startRun(db: Database, queue: RunQueue, experimentId: number, tags: string[]): Promise<ExperimentRun> {
  const distinctTags = [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
  const run = await db.transaction(async (tx) => {
    const { rows } = await tx.query<ExperimentRow>(
      `SELECT e.name, e.config, e.dataset_id, d.name AS dataset_name, s.name AS script_name, s.engine, s.cost_per_evaluation AS cost
       FROM experiments e JOIN evaluation_scripts s ON s.id = e.evaluation_script_id JOIN datasets d ON d.id = e.dataset_id
       WHERE e.id = $1 FOR KEY SHARE OF e`,
      [experimentId],
    );
    if (rows.length === 0) throw notFound('Experiment', experimentId);
    const experiment = rows[0];
    if (experiment.engine !== GOLDEN_SET_RELEVANCE) {
      throw new HttpError(
        409,
        `Experiment '${experiment.name}' uses the script '${experiment.script_name}', which this server cannot run; experiments using 'Golden set relevance' can.`,
      );
    }
    if (!isValidConfig(experiment.config)) {
      throw new HttpError(
        409,
        `Experiment '${experiment.name}' has no run configuration: set its search_target and golden_set_id (PATCH /api/backend/experiments/${experimentId}).`,
      );
    }
    const config: RunConfig = withDefaults(experiment.config);
    const problems = await configProblems(tx, config);
    if (problems.length > 0) throw new HttpError(409, `Experiment '${experiment.name}' cannot run: ${problems.join('; ')}`, { problems });

    // The dataset's size now (its kept count), for the progress; the copy sets the exact total.
    const entries = await rowCount(tx, 'dataset', experiment.dataset_id);
    if (entries === 0) {
      throw new HttpError(409, `Experiment '${experiment.name}' cannot run: its dataset '${experiment.dataset_name}' has no entries.`);
    }
    const created = await tx.query<{ id: number }>(
      `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, tags, status, config, cost_per_evaluation, progress_total, copying_from_dataset_id)
       VALUES ($1, $2, $3::text[], 'pending', $4::jsonb, $5, $6, $7) RETURNING id`,
      [experimentId, experiment.script_name, distinctTags, JSON.stringify(config), experiment.cost, entries, experiment.dataset_id],
    );
    const runId = Number(created.rows[0].id);
    await queue.enqueue(tx, runId);
    return (await tx.query<ExperimentRun>(`SELECT ${RUN_COLUMNS} FROM experiment_runs WHERE id = $1`, [runId])).rows[0];
  });
  queue.committed(Number(run.id));
  return run;
}
