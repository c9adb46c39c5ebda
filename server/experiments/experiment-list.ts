/** The experiments lists: all of them, or those using one evaluation script; newest first, a page at a time. */
import type { Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import type { Experiment } from '../schemas/experiments';

export const EXPERIMENT_COLUMNS = 'id, name, evaluation_script_id, dataset_id, description, demo, created_at, updated_at';

export async function experimentPage(db: Queryable, [limit, offset]: number[]): Promise<{ count: number; results: Experiment[] }> {
  const [page, total] = await Promise.all([
    db.query<Experiment>(`SELECT ${EXPERIMENT_COLUMNS} FROM experiments ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, [
      limit,
      offset,
    ]),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM experiments'),
  ]);
  return { count: total.rows[0].total, results: page.rows };
}

/** The experiments using the script; 404 when there is no such script. */
export async function experimentsOfScriptPage(
  db: Queryable,
  scriptId: number,
  [limit, offset]: number[],
): Promise<{ count: number; results: Experiment[] }> {
  await requireRow(db, 'evaluation_scripts', scriptId);
  const [page, total] = await Promise.all([
    db.query<Experiment>(
      `SELECT ${EXPERIMENT_COLUMNS} FROM experiments WHERE evaluation_script_id = $3
       ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [limit, offset, scriptId],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM experiments WHERE evaluation_script_id = $1', [scriptId]),
  ]);
  return { count: total.rows[0].total, results: page.rows };
}
