/** The datasets list: newest first, optionally those whose name contains a text, with their entry counts. */
import type { Queryable } from '../db/database';
import { datasetEntryCountSql } from '../db/row-counts';
import { listPage } from '../db/list-page';
import type { DatasetRow } from '../schemas/datasets';
import { DATASET_COLUMNS } from './dataset-records';

export async function datasetPage(
  db: Queryable,
  search: string | undefined,
  [limit, offset]: number[],
): Promise<{ total: number; datasets: DatasetRow[] }> {
  const needle = search?.trim() || null;
  const matches = '($1::text IS NULL OR strpos(lower(name), lower($1)) > 0)';
  const { rows, total } = await listPage<DatasetRow>(
    db,
    {
      // Counted only for the page's rows, each through the mappings' primary key (dataset_id first).
      columns: `${DATASET_COLUMNS}, ${datasetEntryCountSql('datasets.id')} AS entry_count`,
      from: `datasets WHERE ${matches}`,
      orderBy: 'created_at DESC, id DESC',
      params: [needle],
    },
    [limit, offset],
  );
  return { total, datasets: rows };
}
