/** The datasets list: newest first, optionally those whose name contains a text, with their entry counts. */
import type { Queryable } from '../db/database';
import { datasetEntryCountSql } from '../db/row-counts';
import type { DatasetRow } from '../schemas/datasets';
import { DATASET_COLUMNS } from './dataset-records';

export async function datasetPage(
  db: Queryable,
  search: string | undefined,
  [limit, offset]: number[],
): Promise<{ total: number; datasets: DatasetRow[] }> {
  const needle = search?.trim() || null;
  const matches = '($1::text IS NULL OR strpos(lower(name), lower($1)) > 0)';
  const [page, total] = await Promise.all([
    // Counted only for the page's rows, each through the mappings' primary key (dataset_id first).
    db.query<DatasetRow>(
      `SELECT ${DATASET_COLUMNS},
         ${datasetEntryCountSql('datasets.id')} AS entry_count
       FROM datasets WHERE ${matches} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [needle, limit, offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM datasets WHERE ${matches}`, [needle]),
  ]);
  return { total: total.rows[0].total, datasets: page.rows };
}
