/** A dataset as the API shows it, read by id. */
import type { Queryable } from '../db/database';
import { notFound } from '../errors';
import type { Dataset } from '../schemas/datasets';

/** The record's columns, from datasets. */
export const DATASET_COLUMNS = 'id, name, description, demo, created_at, updated_at';

export async function loadDataset(db: Queryable, id: number): Promise<Dataset> {
  const { rows } = await db.query<Dataset>(`SELECT ${DATASET_COLUMNS} FROM datasets WHERE id = $1`, [id]);
  if (rows.length === 0) throw notFound('Dataset', id);
  return rows[0];
}
