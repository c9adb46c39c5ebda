/**
 * One run result read by id (its details screen opened from an address), with what the catalogue holds of
 * its products: a result stores only the returned products' ids, names and images.
 */
import type { Queryable } from '../db/database';
import { notFound } from '../errors';
import type { CatalogueFacts, ExperimentRunResult, RunResultWithNames } from '../schemas/results';

export async function resultWithNames(db: Queryable, id: number): Promise<RunResultWithNames> {
  const { rows } = await db.query<ExperimentRunResult & { run_id: number }>(
    'SELECT id, entry_id, run_id, experiment_configuration, created_at, result, completion FROM experiment_run_results WHERE id = $1',
    [id],
  );
  if (rows.length === 0) throw notFound('Experiment run result', id);
  const results = rows[0].result.results;
  const judged = (results?.golden_set ?? []).map((product) => product.product_id);
  const returned = (results?.search_results ?? []).map((product) => product.product_id);
  // Every product of the result in one query; the judged ones the search did not return have no name otherwise.
  const products = await db.query<{ product_id: string; name: string } & CatalogueFacts>(
    'SELECT product_id, name, description, attributes FROM products WHERE product_id = ANY($1::text[])',
    [[...new Set([...judged, ...returned])]],
  );
  const judgedIds = new Set(judged);
  return {
    ...rows[0],
    product_names: Object.fromEntries(
      products.rows.filter((row) => judgedIds.has(row.product_id)).map((row) => [row.product_id, row.name]),
    ),
    catalogue: Object.fromEntries(
      products.rows.map(({ product_id, description, attributes }) => [product_id, { description, attributes }]),
    ),
  };
}
