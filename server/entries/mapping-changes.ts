/**
 * Entries linked to and unlinked from datasets, each request in one transaction with its audit record.
 * Linking names every unknown dataset and entry and links nothing; pairs already linked, or not linked
 * when unlinking, are skipped.
 */
import type { Database, Queryable } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import type { AuditActor } from '../audit/audit-summaries';
import { mappingEvent } from '../audit/mapping-events';
import { isForeignKeyViolation } from '../db/database-errors';
import { HttpError } from '../errors';
import type { Mapping } from '../schemas/mappings';

const columns = (mappings: Mapping[]) => [mappings.map((m) => m.dataset_id), mappings.map((m) => m.dataset_entry_id)];

/** Ids in `ids` that `table` does not hold. */
async function missingIds(db: Queryable, table: 'datasets' | 'dataset_entries', ids: number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT wanted.id FROM unnest($1::bigint[]) AS wanted(id)
     WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = wanted.id)
     GROUP BY wanted.id ORDER BY wanted.id`,
    [ids],
  );
  return rows.map((row) => row.id);
}

async function requireExisting(db: Queryable, mappings: Mapping[]) {
  const [datasetIds, entryIds] = columns(mappings);
  const [datasets, entries] = [await missingIds(db, 'datasets', datasetIds), await missingIds(db, 'dataset_entries', entryIds)];
  if (datasets.length === 0 && entries.length === 0) return;
  const parts = [
    datasets.length > 0 ? `datasets ${datasets.join(', ')}` : '',
    entries.length > 0 ? `dataset entries ${entries.join(', ')}` : '',
  ].filter(Boolean);
  throw new HttpError(422, `Unknown ${parts.join(' and ')}; nothing was linked`, {
    dataset_ids: datasets,
    dataset_entry_ids: entries,
  });
}

/** How many of the pairs were newly linked. */
export async function linkEntries(db: Database, mappings: Mapping[], actor: AuditActor): Promise<number> {
  return db.transaction(async (tx) => {
    await requireExisting(tx, mappings);
    let rowCount: number;
    try {
      ({ rowCount } = await tx.query(
        `INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id)
         SELECT * FROM unnest($1::bigint[], $2::bigint[]) ON CONFLICT DO NOTHING`,
        columns(mappings),
      ));
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw new HttpError(422, 'A dataset or entry was deleted meanwhile; nothing was linked');
      }
      throw error;
    }
    await recordAudit(tx, actor, mappingEvent('create', mappings, rowCount));
    return rowCount;
  });
}

/** How many of the pairs were unlinked. */
export async function unlinkEntries(db: Database, mappings: Mapping[], actor: AuditActor): Promise<number> {
  return db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `DELETE FROM dataset_entry_mappings m
       USING unnest($1::bigint[], $2::bigint[]) AS pair(dataset_id, dataset_entry_id)
       WHERE m.dataset_id = pair.dataset_id AND m.dataset_entry_id = pair.dataset_entry_id`,
      columns(mappings),
    );
    await recordAudit(tx, actor, mappingEvent('delete', mappings, rowCount));
    return rowCount;
  });
}

/** Unlinks one entry from one dataset; 404 when it is not in it. */
export async function unlinkEntry(db: Database, datasetId: number, entryId: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const { rowCount } = await tx.query('DELETE FROM dataset_entry_mappings WHERE dataset_id = $1 AND dataset_entry_id = $2', [
      datasetId,
      entryId,
    ]);
    if (rowCount === 0) throw new HttpError(404, `Dataset entry ${entryId} is not in dataset ${datasetId}`);
    const pair = { dataset_id: datasetId, dataset_entry_id: entryId };
    await recordAudit(tx, actor, mappingEvent('delete', [pair], rowCount));
  });
}
