/** An experiment's alert rules: made (checked and audited), listed, deleted; and each one's deliveries, newest first. */
import type { Database, Queryable } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { quoted, type AuditActor } from '../audit/audit-summaries';
import { HttpError, notFound } from '../errors';
import type { Alert, Delivery, NewAlert } from '../schemas/alerts';
import type { AlertVerdict } from './alert-verdict';
import { webhookUrlProblems } from './webhook-target';

const ALERT_COLUMNS = 'id, experiment_id, rule, webhook_url, on_failure, baseline, created_by, created_at';
const BASELINE = /^(?:[1-9][0-9]{0,15}|latest:\S+)$/;

async function requireExperiment(db: Queryable, experimentId: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM experiments WHERE id = $1', [experimentId]);
  if (rows.length === 0) throw notFound('Experiment', experimentId);
}

/** The first problem with a new alert, naming its field; undefined when it can be made. */
async function alertProblem(db: Queryable, alert: NewAlert, verdict: AlertVerdict, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const rule = verdict.ruleProblem(alert.rule);
  if (rule) return rule.startsWith('body.rule') ? rule : `body.rule: ${rule}`;
  const [url] = webhookUrlProblems(alert.webhook_url.trim(), env);
  if (url) return url;
  const baseline = alert.baseline?.trim();
  if (baseline === undefined || baseline === '') return undefined;
  if (!BASELINE.test(baseline)) return 'body.baseline must be a run id or latest:TAG';
  if (baseline.startsWith('latest:')) return undefined;
  const run = await db.query('SELECT 1 FROM experiment_runs WHERE id = $1', [Number(baseline)]);
  return run.rows.length === 0 ? `body.baseline: run ${baseline} not found` : undefined;
}

export async function createAlert(
  db: Database,
  actor: AuditActor,
  experimentId: number,
  alert: NewAlert,
  verdict: AlertVerdict,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Alert> {
  await requireExperiment(db, experimentId);
  const problem = await alertProblem(db, alert, verdict, env);
  if (problem) throw new HttpError(400, problem);
  const baseline = alert.baseline?.trim() || null;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Alert>(
      `INSERT INTO alert_rules (experiment_id, rule, webhook_url, on_failure, baseline, created_by) VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING ${ALERT_COLUMNS}`,
      [experimentId, alert.rule.trim(), alert.webhook_url.trim(), alert.on_failure, baseline, actor.name],
    );
    await recordAudit(tx, actor, {
      action: 'alert.create',
      target_type: 'alert',
      target_id: rows[0].id,
      summary: `experiment ${experimentId}: ${quoted(rows[0].rule)}${alert.on_failure ? ' and failures' : ''}`,
    });
    return rows[0];
  });
}

export async function experimentAlerts(db: Database, experimentId: number): Promise<Alert[]> {
  await requireExperiment(db, experimentId);
  return (await db.query<Alert>(`SELECT ${ALERT_COLUMNS} FROM alert_rules WHERE experiment_id = $1 ORDER BY id`, [experimentId])).rows;
}

export async function deleteAlert(db: Database, actor: AuditActor, experimentId: number, alertId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ rule: string }>('DELETE FROM alert_rules WHERE id = $1 AND experiment_id = $2 RETURNING rule', [
      alertId,
      experimentId,
    ]);
    if (rows.length === 0) throw notFound('Alert', alertId);
    await recordAudit(tx, actor, { action: 'alert.delete', target_type: 'alert', target_id: alertId, summary: quoted(rows[0].rule) });
  });
}

export async function alertDeliveries(
  db: Database,
  experimentId: number,
  alertId: number,
  [limit, offset]: number[],
): Promise<{ count: number; results: Delivery[] }> {
  const alert = await db.query('SELECT 1 FROM alert_rules WHERE id = $1 AND experiment_id = $2', [alertId, experimentId]);
  if (alert.rows.length === 0) throw notFound('Alert', alertId);
  const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_deliveries WHERE alert_id = $1', [alertId]);
  const { rows } = await db.query<Delivery>(
    `SELECT id, run_id, kind, status, attempts, response_code, error, created_at, updated_at FROM alert_deliveries
     WHERE alert_id = $1 ORDER BY id DESC OFFSET $2 LIMIT $3`,
    [alertId, offset, limit],
  );
  return { count: count.rows[0].n, results: rows };
}
