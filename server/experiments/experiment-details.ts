/** One experiment as its runs page shows it: with the names of what it uses and what keeps it from running. */
import type { Queryable } from '../db/database';
import { notFound } from '../errors';
import { EXPERIMENT_FACTS, EXPERIMENT_FACTS_FROM, runBlockers, type ExperimentFacts } from '../runs/run-blockers';
import type { ExperimentDetails, ExperimentWithConfig } from '../schemas/experiments';

export async function experimentDetails(db: Queryable, id: number): Promise<ExperimentDetails> {
  const { rows } = await db.query<ExperimentWithConfig & ExperimentFacts & { golden_set_name: string | null }>(
    `SELECT ${EXPERIMENT_FACTS}, e.evaluation_script_id, e.description, e.demo, e.created_at, e.updated_at,
       (SELECT g.name FROM golden_sets g WHERE g.id::text = e.config->>'golden_set_id') AS golden_set_name
     FROM ${EXPERIMENT_FACTS_FROM} WHERE e.id = $1`,
    [id],
  );
  if (rows.length === 0) throw notFound('Experiment', id);
  const { engine: _engine, script_name, ...experiment } = rows[0];
  const { blockers } = await runBlockers(db, rows[0]);
  return { ...experiment, evaluation_script_name: script_name, run_blockers: blockers.map((blocker) => blocker.message) };
}
