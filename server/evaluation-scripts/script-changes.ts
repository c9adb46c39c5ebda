/**
 * A script's price per evaluation or description changed (admins only: it sets what runs cost),
 * in one transaction with the script's row locked and the audit record naming the old and new price.
 */
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { NOTHING_CHANGED, valueChange, type AuditActor } from '../audit/audit-summaries';
import { notFound } from '../errors';
import type { EvaluationScript, ScriptChanges } from '../schemas/scripts';
import { SCRIPT_COLUMNS } from './script-list';

export async function changeScript(db: Database, id: number, changes: ScriptChanges, actor: AuditActor): Promise<EvaluationScript> {
  const { cost_per_evaluation = null, description = null } = changes;
  return db.transaction(async (tx) => {
    const before = await tx.query<EvaluationScript>(`SELECT ${SCRIPT_COLUMNS} FROM evaluation_scripts WHERE id = $1 FOR UPDATE`, [id]);
    if (before.rows.length === 0) throw notFound('Evaluation script', id);
    const { rows } = await tx.query<EvaluationScript>(
      `UPDATE evaluation_scripts SET cost_per_evaluation = coalesce($2, cost_per_evaluation),
         description = coalesce($3, description), updated_at = now()
       WHERE id = $1 RETURNING ${SCRIPT_COLUMNS}`,
      [id, cost_per_evaluation, description?.trim() ?? null],
    );
    const [old, now] = [before.rows[0], rows[0]];
    // "cost_per_evaluation 0.01 → 0.02, description": the cost with its old and new values, being why only admins change it.
    const cost = valueChange('cost_per_evaluation', old.cost_per_evaluation, now.cost_per_evaluation);
    const text = old.description === now.description ? '' : 'description';
    const summary = [cost, text].filter(Boolean).join(', ') || NOTHING_CHANGED;
    await recordAudit(tx, actor, {
      action: 'evaluation_script.update',
      target_type: 'evaluation_script',
      target_id: id,
      summary,
    });
    return now;
  });
}
