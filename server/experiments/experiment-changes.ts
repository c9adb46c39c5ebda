/**
 * An experiment created or changed, each in one transaction with its audit record. A config given is
 * checked first with its golden set locked until the save commits, so a delete of the set meanwhile waits
 * and then finds the experiment using it. A dataset or script that does not exist is a 400 naming the field.
 */
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { changedFields, quoted, type AuditActor } from '../audit/audit-summaries';
import { isForeignKeyViolation } from '../db/database-errors';
import { HttpError, notFound } from '../errors';
import { assertUsableConfig } from '../runs/experiment-config';
import type { ExperimentChanges, ExperimentWithConfig, NewExperiment } from '../schemas/experiments';
import { EXPERIMENT_COLUMNS } from './experiment-list';

const WITH_CONFIG = `${EXPERIMENT_COLUMNS}, config`;
/** What an edit may change, named in its audit row when it did. */
const CHANGEABLE = ['name', 'description', 'dataset_id', 'evaluation_script_id', 'config'] as const;

/** `input.name` as the request's checks left it (trimmed, not blank). */
export async function createExperiment(db: Database, input: NewExperiment, actor: AuditActor): Promise<ExperimentWithConfig> {
  const { name, evaluation_script_id, dataset_id, config = {} } = input;
  try {
    return await db.transaction(async (tx) => {
      if (input.config) await assertUsableConfig(tx, input.config, 'body.config', { lockGoldenSet: true });
      const { rows } = await tx.query<ExperimentWithConfig>(
        `INSERT INTO experiments (name, evaluation_script_id, dataset_id, description, config)
         VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING ${WITH_CONFIG}`,
        [name, evaluation_script_id, dataset_id, input.description?.trim() ?? '', JSON.stringify(config)],
      );
      const event = { action: 'experiment.create', target_type: 'experiment', target_id: rows[0].id, summary: quoted(name) };
      await recordAudit(tx, actor, event);
      return rows[0];
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new HttpError(
        400,
        `body.evaluation_script_id or body.dataset_id: evaluation script ${evaluation_script_id} or dataset ${dataset_id} does not exist`,
      );
    }
    throw error;
  }
}

/** `changes.name`, when given, as the request's checks left it (trimmed, not blank). */
export async function changeExperiment(
  db: Database,
  id: number,
  changes: ExperimentChanges,
  actor: AuditActor,
): Promise<ExperimentWithConfig> {
  const { name, description, config, dataset_id: datasetId, evaluation_script_id: scriptId } = changes;
  try {
    return await db.transaction(async (tx) => {
      if (config) await assertUsableConfig(tx, config, 'body.config', { lockGoldenSet: true });
      const before = await tx.query<ExperimentWithConfig>(`SELECT ${WITH_CONFIG} FROM experiments WHERE id = $1 FOR UPDATE`, [id]);
      if (before.rows.length === 0) throw notFound('Experiment', id);
      // demo = false: a person's change makes a row the demo made theirs, kept when the demo data is removed.
      const { rows } = await tx.query<ExperimentWithConfig>(
        `UPDATE experiments SET name = coalesce($2, name), description = coalesce($3, description),
           config = coalesce($4::jsonb, config), dataset_id = coalesce($5, dataset_id),
           evaluation_script_id = coalesce($6, evaluation_script_id), updated_at = now(), demo = false
         WHERE id = $1 RETURNING ${WITH_CONFIG}`,
        [id, name ?? null, description?.trim() ?? null, config ? JSON.stringify(config) : null, datasetId ?? null, scriptId ?? null],
      );
      await recordAudit(tx, actor, {
        action: 'experiment.update',
        target_type: 'experiment',
        target_id: id,
        summary: changedFields(before.rows[0], rows[0], CHANGEABLE),
      });
      return rows[0];
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const named = [
      ...(scriptId === undefined ? [] : [[`body.evaluation_script_id`, `evaluation script ${scriptId}`]]),
      ...(datasetId === undefined ? [] : [[`body.dataset_id`, `dataset ${datasetId}`]]),
    ];
    throw new HttpError(400, `${named.map(([field]) => field).join(' or ')}: ${named.map(([, what]) => what).join(' or ')} does not exist`);
  }
}
