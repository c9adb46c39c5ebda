/**
 * Starting a run: check the experiment can run here, create the run and queue it, in one short
 * transaction, so a run exists only with its job. Its worker copies the dataset's entries
 * (copy-run-entries.ts): copying them here made every request wait on PGlite. Who started it is
 * recorded in the audit trail by the same transaction.
 */
import type { Database, Queryable } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { joined, quoted, type AuditActor } from '../audit/audit-summaries';
import { rowCount } from '../db/row-counts';
import { HttpError, notFound } from '../errors';
import type { SearchTargetConfig } from '../schemas/run-config';
import type { ExperimentRun, SearchTargetOverride } from '../schemas/runs';
import { EXPERIMENT_FACTS, EXPERIMENT_FACTS_FROM, runBlockers, type ExperimentFacts } from './run-blockers';
import { RUN_COLUMNS } from './run-rows';
import type { RunQueue } from './run-queue';
import { overriddenTarget } from './target-override';

export async function startRun(
  db: Database,
  queue: RunQueue,
  actor: AuditActor,
  experimentId: number,
  tags: string[],
  searchTarget?: SearchTargetOverride,
): Promise<ExperimentRun> {
  const run = await db.transaction((tx) => startRunIn(tx, queue, actor, experimentId, tags, searchTarget));
  queue.committed(Number(run.id));
  return run;
}

/** The same inside a transaction of the caller's (a schedule's tick records itself with it); call queue.committed after. */
export async function startRunIn(
  tx: Queryable,
  queue: RunQueue,
  actor: AuditActor,
  experimentId: number,
  tags: string[],
  searchTarget?: SearchTargetOverride,
): Promise<ExperimentRun> {
  const distinctTags = [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
  const { rows } = await tx.query<ExperimentFacts & { cost: number }>(
    `SELECT ${EXPERIMENT_FACTS}, s.cost_per_evaluation AS cost FROM ${EXPERIMENT_FACTS_FROM} WHERE e.id = $1 FOR KEY SHARE OF e`,
    [experimentId],
  );
  if (rows.length === 0) throw notFound('Experiment', experimentId);
  const experiment = withTarget(rows[0], searchTarget);
  const { blockers, config } = await runBlockers(tx, experiment);
  if (blockers.length > 0 || config === undefined) {
    const [first] = blockers;
    throw new HttpError(409, first.message, first.problems ? { problems: first.problems } : undefined);
  }
  const entries = await rowCount(tx, 'dataset', experiment.dataset_id);
  const created = await tx.query<{ id: number }>(
    // The golden set's version: the run's page tells when the set has changed since. Its rule: the run
    // says what it was scored with after the rule changes.
    `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, tags, status, config, cost_per_evaluation, progress_total,
       copying_from_dataset_id, golden_set_version, judges)
     SELECT $1, $2, $3::text[], 'pending', $4::jsonb, $5, $6, $7, g.version,
       CASE WHEN g.id IS NOT NULL THEN jsonb_build_object('raters', 'all', 'aggregate', g.aggregate, 'prefer_adjudication', g.prefer_adjudication) END
     FROM (SELECT 1) AS one LEFT JOIN golden_sets g ON g.id = ($4::jsonb->>'golden_set_id')::bigint
     RETURNING id`,
    [experimentId, experiment.script_name, distinctTags, JSON.stringify(config), experiment.cost, entries, experiment.dataset_id],
  );
  const runId = Number(created.rows[0].id);
  await recordAudit(tx, actor, {
    action: 'run.start',
    target_type: 'run',
    target_id: runId,
    summary: joined(
      `experiment ${quoted(experiment.name)}`,
      searchTarget ? `search target's ${Object.keys(searchTarget).join(', ')} overridden` : '',
    ),
  });
  await queue.enqueue(tx, runId);
  return (await tx.query<ExperimentRun>(`SELECT ${RUN_COLUMNS} FROM experiment_runs WHERE id = $1`, [runId])).rows[0];
}

/**
 * The experiment as this run sees it: its config's search target overridden, so the run's config records what
 * was searched. A config without a target is left alone for runBlockers to refuse.
 */
function withTarget<T extends ExperimentFacts>(experiment: T, override: SearchTargetOverride | undefined): T {
  const config = experiment.config as { search_target?: SearchTargetConfig } | null;
  if (override === undefined || typeof config?.search_target !== 'object' || config.search_target === null) return experiment;
  return { ...experiment, config: { ...config, search_target: overriddenTarget(config.search_target, override) } };
}
