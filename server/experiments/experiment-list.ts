/** The experiments lists: all of them, or those using one evaluation script; newest first, a page at a time. */
import type { Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import type { ExperimentListItem } from '../schemas/experiments';

export const EXPERIMENT_COLUMNS = 'id, name, evaluation_script_id, dataset_id, description, demo, created_at, updated_at';

// A list row: the experiment's columns and its dataset's name (a dataset in use cannot be deleted).
const LIST_ROW = `${EXPERIMENT_COLUMNS.split(', ')
  .map((column) => `e.${column}`)
  .join(', ')}, d.name AS dataset_name FROM experiments e JOIN datasets d ON d.id = e.dataset_id`;

export async function experimentPage(db: Queryable, [limit, offset]: number[]): Promise<{ count: number; results: ExperimentListItem[] }> {
  const [page, total] = await Promise.all([
    db.query<ExperimentListItem>(`SELECT ${LIST_ROW} ORDER BY e.created_at DESC, e.id DESC LIMIT $1 OFFSET $2`, [limit, offset]),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM experiments'),
  ]);
  return { count: total.rows[0].total, results: page.rows };
}

/** The experiments using the script; 404 when there is no such script. */
export async function experimentsOfScriptPage(
  db: Queryable,
  scriptId: number,
  [limit, offset]: number[],
): Promise<{ count: number; results: ExperimentListItem[] }> {
  await requireRow(db, 'evaluation_scripts', scriptId);
  const [page, total] = await Promise.all([
    db.query<ExperimentListItem>(
      `SELECT ${LIST_ROW} WHERE e.evaluation_script_id = $3
       ORDER BY e.created_at DESC, e.id DESC LIMIT $1 OFFSET $2`,
      [limit, offset, scriptId],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM experiments WHERE evaluation_script_id = $1', [scriptId]),
  ]);
  return { count: total.rows[0].total, results: page.rows };
}
