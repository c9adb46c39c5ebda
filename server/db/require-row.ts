import type { Queryable } from './database';
import { HttpError, notFound } from '../errors';

/** The tables whose rows requests name by id, with the words a refusal uses for one of them. */
const TABLES = {
  datasets: 'Dataset',
  dataset_entries: 'Dataset entry',
  evaluation_scripts: 'Evaluation script',
  experiments: 'Experiment',
  experiment_runs: 'Experiment run',
  golden_sets: 'Golden set',
  products: 'Product',
  accounts: 'Account',
} as const;

export type NamedTable = keyof typeof TABLES;

/**
 * Refuses a request naming a row that does not exist: a 404 ("Golden set 4 not found") for the resource
 * in the path, or, with `field`, a 400 naming the field that pointed at it ("body.golden_set_id: golden
 * set 4 does not exist"). `lock` holds the row until the transaction `db` belongs to ends.
 */
export async function requireRow(
  db: Queryable,
  table: NamedTable,
  id: number | string,
  { field, lock }: { field?: string; lock?: 'FOR KEY SHARE' | 'FOR UPDATE' } = {},
): Promise<void> {
  const idColumn = table === 'products' ? 'product_id' : 'id';
  const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE ${idColumn} = $1${lock ? ` ${lock}` : ''}`, [id]);
  if (rows.length > 0) return;
  if (field === undefined) throw notFound(TABLES[table], id);
  throw new HttpError(400, `${field}: ${TABLES[table].toLowerCase()} ${id} does not exist`);
}
