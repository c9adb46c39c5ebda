/** Evaluation scripts as the API shows them: a page of them newest first, or one. */
import type { Queryable } from '../db/database';
import { notFound } from '../errors';
import { GOLDEN_SET_RELEVANCE } from '../runs/run-blockers';
import type { EvaluationScript } from '../schemas/scripts';

/** A script's columns, with whether this server can run it. */
export const SCRIPT_COLUMNS = `id, name, description, cost_per_evaluation, script_class, script_module, output_schema, demo,
  coalesce(engine = '${GOLDEN_SET_RELEVANCE}', false) AS runs_here`;

export async function scriptPage(db: Queryable, [limit, offset]: number[]): Promise<{ count: number; results: EvaluationScript[] }> {
  const [page, total] = await Promise.all([
    db.query<EvaluationScript>(`SELECT ${SCRIPT_COLUMNS} FROM evaluation_scripts ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, [
      limit,
      offset,
    ]),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM evaluation_scripts'),
  ]);
  return { count: total.rows[0].total, results: page.rows };
}

export async function scriptById(db: Queryable, id: number): Promise<EvaluationScript> {
  const { rows } = await db.query<EvaluationScript>(`SELECT ${SCRIPT_COLUMNS} FROM evaluation_scripts WHERE id = $1`, [id]);
  if (rows.length === 0) throw notFound('Evaluation script', id);
  return rows[0];
}
