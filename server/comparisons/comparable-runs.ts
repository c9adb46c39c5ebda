/**
 * Finished runs that can be compared with a run: the same dataset or golden set, newest first. Evaluations'
 * runs count on either side: theirs is the evaluation's dataset, and their evaluation names them.
 */
import type { Queryable } from '../db/database';
import { listPage } from '../db/list-page';
import { notFound } from '../errors';
import type { ComparableRun } from '../schemas/comparisons';
import { ACTIVE_STATUSES, COMPARED_RUN_COLUMNS } from './compared-runs';

/** Runs with their experiment, or their evaluation for an evaluation's run (which has no experiment). */
const RUNS = `experiment_runs r LEFT JOIN experiments e ON e.id = r.experiment_id LEFT JOIN evaluations v ON v.run_id = r.id`;
const DATASET = `coalesce(e.dataset_id, v.dataset_id)`;

/** 404 when there is no such run. */
export async function comparableRuns(db: Queryable, runId: number, window: number[]): Promise<{ count: number; runs: ComparableRun[] }> {
  const found = await db.query<{ dataset_id: number | null; golden_set: unknown }>(
    `SELECT ${DATASET} AS dataset_id, r.config->'golden_set_id' AS golden_set FROM ${RUNS} WHERE r.id = $1`,
    [runId],
  );
  if (found.rows.length === 0) throw notFound('Experiment run', runId);
  const { dataset_id, golden_set } = found.rows[0];
  const where = `r.id <> $1 AND r.status <> ALL($2::text[])
    AND (${DATASET} = $3 OR (r.config->'golden_set_id') = $4::jsonb)`;
  const params = [runId, ACTIVE_STATUSES, dataset_id, golden_set === null || golden_set === undefined ? null : JSON.stringify(golden_set)];
  const { rows, total } = await listPage<ComparableRun & { dataset_id: number | null; golden_set_id: number | null }>(
    db,
    {
      columns: `${COMPARED_RUN_COLUMNS}, CASE WHEN v.id IS NOT NULL THEN json_build_object('id', v.id, 'name', v.name) END AS evaluation`,
      from: `${RUNS} WHERE ${where}`,
      orderBy: 'r.created_at DESC, r.id DESC',
      params,
    },
    window,
  );
  return { count: total, runs: rows.map(({ dataset_id: _d, golden_set_id: _g, ...run }) => run) };
}
