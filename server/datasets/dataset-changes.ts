/**
 * A dataset created or deleted, each in one transaction with its audit record. A dataset still used by
 * experiments is not deleted: the refusal names them.
 */
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { quoted, type AuditActor } from '../audit/audit-summaries';
import { isForeignKeyViolation, isUniqueViolation } from '../db/database-errors';
import { HttpError, notFound } from '../errors';
import type { Dataset } from '../schemas/datasets';
import { NAMED_EXPERIMENTS, usedByExperiments } from '../used-by-experiments';
import { DATASET_COLUMNS } from './dataset-records';

/** `name` and `description` come trimmed, the name not blank (a description may be empty); a name may not hold "|" and must be unique. */
export async function createDataset(
  db: Database,
  { name, description }: { name: string; description: string },
  actor: AuditActor,
): Promise<Dataset> {
  if (name.includes('|')) throw new HttpError(400, 'body.name may not contain "|" (it separates dataset names in CSV uploads)');
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<Dataset>(`INSERT INTO datasets (name, description) VALUES ($1, $2) RETURNING ${DATASET_COLUMNS}`, [
        name,
        description,
      ]);
      const created = rows[0];
      await recordAudit(tx, actor, {
        action: 'dataset.create',
        target_type: 'dataset',
        target_id: created.id,
        summary: quoted(name),
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, `A dataset named "${name}" already exists`);
    throw error;
  }
}

/** Deletes the dataset and its mappings (its entries stay); 409 naming the experiments that use it. */
export async function deleteDataset(db: Database, id: number, actor: AuditActor): Promise<void> {
  const { rows } = await db.query<{ dataset: string; id: number | null; name: string | null; total: number }>(
    `SELECT d.name AS dataset, e.id, e.name, count(e.id) OVER ()::int AS total
     FROM datasets d LEFT JOIN experiments e ON e.dataset_id = d.id
     WHERE d.id = $1 ORDER BY e.name, e.id LIMIT $2`,
    [id, NAMED_EXPERIMENTS],
  );
  if (rows.length === 0) throw notFound('Dataset', id);
  const [{ dataset, total }] = rows;
  if (total > 0) {
    const experiments = rows.map((row) => ({ id: row.id!, name: row.name! }));
    throw usedByExperiments(`Dataset "${dataset}"`, experiments, total);
  }
  try {
    await db.transaction(async (tx) => {
      const { rowCount } = await tx.query('DELETE FROM datasets WHERE id = $1', [id]);
      if (rowCount === 0) throw notFound('Dataset', id);
      await recordAudit(tx, actor, {
        action: 'dataset.delete',
        target_type: 'dataset',
        target_id: id,
        summary: quoted(dataset),
      });
    });
  } catch (error) {
    // An experiment created since the count above.
    if (isForeignKeyViolation(error)) throw new HttpError(409, `Dataset "${dataset}" cannot be deleted: experiments use it.`);
    throw error;
  }
}
