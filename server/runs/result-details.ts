/** One run result read by id (its details screen opened from an address), with the names of its judged products. */
import type { Queryable } from '../db/database';
import { notFound } from '../errors';
import type { ExperimentRunResult, RunResultWithNames } from '../schemas/results';

export async function resultWithNames(db: Queryable, id: number): Promise<RunResultWithNames> {
  const { rows } = await db.query<ExperimentRunResult & { run_id: number }>(
    'SELECT id, entry_id, run_id, experiment_configuration, created_at, result FROM experiment_run_results WHERE id = $1',
    [id],
  );
  if (rows.length === 0) throw notFound('Experiment run result', id);
  // The catalogue's names of the judged products: those the search did not return have no name otherwise.
  const judged = (rows[0].result.results?.golden_set ?? []).map((product) => product.product_id);
  const names = await db.query<{ product_id: string; name: string }>(
    'SELECT product_id, name FROM products WHERE product_id = ANY($1::text[])',
    [judged],
  );
  return { ...rows[0], product_names: Object.fromEntries(names.rows.map((row) => [row.product_id, row.name])) };
}
