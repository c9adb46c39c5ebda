/** Evaluation scripts as the API shows them: a page of them newest first, or one. */
import type { Queryable } from '../db/database';
import { notFound } from '../errors';
import { listPage } from '../db/list-page';
import { GOLDEN_SET_RELEVANCE } from '../runs/run-blockers';
import type { EvaluationScript } from '../schemas/scripts';

/** A script's columns, with whether this server can run it. */
export const SCRIPT_COLUMNS = `id, name, description, cost_per_evaluation, script_class, script_module, output_schema, demo,
  coalesce(engine = '${GOLDEN_SET_RELEVANCE}', false) AS runs_here`;

export async function scriptPage(db: Queryable, window: number[]): Promise<{ count: number; results: EvaluationScript[] }> {
  const { rows, total } = await listPage<EvaluationScript>(
    db,
    { columns: SCRIPT_COLUMNS, from: 'evaluation_scripts', orderBy: 'created_at DESC, id DESC', params: [] },
    window,
  );
  return { count: total, results: rows };
}

export async function scriptById(db: Queryable, id: number): Promise<EvaluationScript> {
  const { rows } = await db.query<EvaluationScript>(`SELECT ${SCRIPT_COLUMNS} FROM evaluation_scripts WHERE id = $1`, [id]);
  if (rows.length === 0) throw notFound('Evaluation script', id);
  return rows[0];
}
