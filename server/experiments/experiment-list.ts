/** The experiments lists: all of them, or those using one evaluation script; newest first, a page at a time. */
import type { Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import { listPage } from '../db/list-page';
import type { ExperimentListItem } from '../schemas/experiments';

export const EXPERIMENT_COLUMNS = 'id, name, evaluation_script_id, dataset_id, description, demo, created_at, updated_at';

// A list row: the experiment's columns and its dataset's name (a dataset in use cannot be deleted, so the
// join drops no experiment and the count need not make it).
const LIST_COLUMNS = `${EXPERIMENT_COLUMNS.split(', ')
  .map((column) => `e.${column}`)
  .join(', ')}, d.name AS dataset_name`;
const LIST_FROM = 'experiments e JOIN datasets d ON d.id = e.dataset_id';
const NEWEST_FIRST = 'e.created_at DESC, e.id DESC';

export async function experimentPage(db: Queryable, window: number[]): Promise<{ count: number; results: ExperimentListItem[] }> {
  const { rows, total } = await listPage<ExperimentListItem>(
    db,
    { columns: LIST_COLUMNS, from: LIST_FROM, countFrom: 'experiments', orderBy: NEWEST_FIRST, params: [] },
    window,
  );
  return { count: total, results: rows };
}

/** The experiments using the script; 404 when there is no such script. */
export async function experimentsOfScriptPage(
  db: Queryable,
  scriptId: number,
  window: number[],
): Promise<{ count: number; results: ExperimentListItem[] }> {
  await requireRow(db, 'evaluation_scripts', scriptId);
  const { rows, total } = await listPage<ExperimentListItem>(
    db,
    {
      columns: LIST_COLUMNS,
      from: `${LIST_FROM} WHERE e.evaluation_script_id = $1`,
      countFrom: 'experiments WHERE evaluation_script_id = $1',
      orderBy: NEWEST_FIRST,
      params: [scriptId],
    },
    window,
  );
  return { count: total, results: rows };
}
