/**
 * When a scheduled run ends, its experiment's alerts are checked: a run that succeeded is held to each rule
 * against the alert's baseline, and a webhook is told when it does not pass; a run that failed tells the
 * alerts that asked for failures, and so does a schedule's tick that could not start its run. Each (alert, run)
 * gets at most one delivery, whichever worker ended the run; a tick that made no run is told by the one caller
 * that kept it. A run no schedule made is left alone.
 */
import type { Database, Queryable } from '../db/database';
import type { AlertMessage } from './alert-payloads';
import type { AlertVerdict, Verdict } from './alert-verdict';
import { claimStalledDeliveries } from './stalled-deliveries';
import { longestSilenceMs, sendDelivery, type WebhookSettings } from './webhook-sender';

interface RunAlertSettings extends WebhookSettings {
  verdict: AlertVerdict;
  /** The console's address, for the link in each message. */
  publicUrl: string;
  log?: (message: string, error?: unknown) => void;
}

interface EndedRun {
  /** Null, as its number, for a tick that could not start its run: its error says why. */
  id: number | null;
  number: number | null;
  status: string;
  error: string | null;
  experiment_id: number;
  experiment_name: string;
  tick_at: string;
}

interface AlertRow {
  id: number;
  rule: string;
  webhook_url: string;
  on_failure: boolean;
  baseline: string | null;
}

const LATEST_TAGGED = /^latest:(.+)$/;

/** The baseline's id and number, or why there is none. */
async function baselineOf(db: Queryable, alert: AlertRow, run: EndedRun): Promise<{ id: number; number: number } | { missing: string }> {
  const tagged = alert.baseline === null ? undefined : LATEST_TAGGED.exec(alert.baseline)?.[1];
  const { rows } =
    alert.baseline === null
      ? await db.query<{ id: number; number: number }>(
          `SELECT r.id, r.number FROM schedule_ticks t JOIN experiment_runs r ON r.id = t.run_id
           WHERE t.experiment_id = $1 AND t.tick_at < $2 AND r.status = 'success' ORDER BY t.tick_at DESC LIMIT 1`,
          [run.experiment_id, run.tick_at],
        )
      : tagged !== undefined
        ? await db.query<{ id: number; number: number }>(
            `SELECT id, number FROM experiment_runs WHERE experiment_id = $1 AND $2 = ANY (tags) AND status = 'success' AND id <> $3
             ORDER BY id DESC LIMIT 1`,
            [run.experiment_id, tagged, run.id],
          )
        : await db.query<{ id: number; number: number }>(`SELECT id, number FROM experiment_runs WHERE id = $1 AND status = 'success'`, [
            Number(alert.baseline),
          ]);
  if (rows.length > 0) return { id: Number(rows[0].id), number: rows[0].number };
  if (alert.baseline === null) return { missing: 'No earlier scheduled run succeeded: there is nothing to compare with yet' };
  if (tagged !== undefined) return { missing: `No other run of the experiment tagged “${tagged}” succeeded` };
  return { missing: `Baseline run ${alert.baseline} does not exist or did not succeed` };
}

/** How often a server looks for deliveries another server left when it stopped. */
const RESUME_EVERY_MS = 60_000;
/** Beyond the longest a live sender stays silent: a slow database write, a clock a little off. */
const SILENCE_MARGIN_MS = 30_000;

export class RunAlerts {
  private readonly checking = new Set<Promise<void>>();
  /** The deliveries this process is sending: never resumed as if another had left them. */
  private readonly sending = new Set<number>();
  private resuming?: NodeJS.Timeout;
  private readonly startedAt = new Date();

  constructor(private readonly settings: RunAlertSettings) {}

  /** The runs' end listener (SliceOptions.onEnded): checks in the background, so the run's worker goes on. */
  readonly onEnded = (db: Database, runId: number): void =>
    this.inBackground(this.check(db, runId), `run ${runId}: its alerts could not be checked`);

  /** The schedules' listener for a tick kept without a run (ScheduledRuns' onTickFailed): tells in the background. */
  readonly onTickFailed = (db: Database, experimentId: number, tickAt: string): void =>
    this.inBackground(
      this.checkTick(db, experimentId, tickAt),
      `experiment ${experimentId}, tick at ${tickAt}: its alerts could not be checked`,
    );

  /**
   * At start: sends again the deliveries a stopped server left pending, with the attempts they have left; on PGlite
   * every one from before this process started (no other process can be sending it), on PostgreSQL those no
   * server has touched for longer than a live sender would. Then each minute, for the ones a server that stopped
   * while others ran leaves behind.
   */
  async startResuming(db: Database): Promise<void> {
    await this.resumeStalled(db, { leftBeforeStart: db.kind === 'pglite' });
    this.resuming = setInterval(() => {
      this.resumeStalled(db).catch((error: unknown) =>
        this.settings.log?.('alert deliveries: the stalled ones could not be resumed', error),
      );
    }, RESUME_EVERY_MS);
    // A timer that would keep a stopping process alive has nothing left to do.
    this.resuming.unref();
  }

  stopResuming(): void {
    clearInterval(this.resuming);
  }

  /**
   * Claims the stalled deliveries and sends them in the background; answers how many it took. With
   * `leftBeforeStart`, also every pending one last touched before this process started.
   */
  async resumeStalled(db: Database, { leftBeforeStart = false } = {}): Promise<number> {
    const stalled = await claimStalledDeliveries(db, {
      silentMs: longestSilenceMs(this.settings) + SILENCE_MARGIN_MS,
      touchedBefore: leftBeforeStart ? this.startedAt : null,
      sending: [...this.sending],
    });
    for (const delivery of stalled) {
      this.inBackground(
        this.send(db, delivery.id, delivery.webhook_url, delivery.payload, delivery.attempts),
        `alert delivery ${delivery.id} could not be sent again`,
      );
    }
    return stalled.length;
  }

  /** Resolves once every check and delivery under way has finished. */
  async settled(): Promise<void> {
    while (this.checking.size > 0) await Promise.all([...this.checking]);
  }

  /** Runs `work` without holding up the caller, `failure` logged should it fail; settled() waits for it. */
  private inBackground(work: Promise<void>, failure: string): void {
    const check = work.catch((error: unknown) => this.settings.log?.(failure, error)).finally(() => this.checking.delete(check));
    this.checking.add(check);
  }

  private async check(db: Database, runId: number): Promise<void> {
    const { rows } = await db.query<EndedRun>(
      `SELECT r.id, r.number, r.status, r.error, r.experiment_id, e.name AS experiment_name, t.tick_at
       FROM experiment_runs r JOIN experiments e ON e.id = r.experiment_id JOIN schedule_ticks t ON t.run_id = r.id
       WHERE r.id = $1`,
      [runId],
    );
    if (rows.length > 0) await this.checkAlerts(db, rows[0]);
  }

  /** A tick that could not start its run is told as a run that failed, with no id nor number. */
  private async checkTick(db: Database, experimentId: number, tickAt: string): Promise<void> {
    const { rows } = await db.query<EndedRun>(
      `SELECT NULL AS id, NULL AS number, 'failed' AS status, t.error, t.experiment_id, e.name AS experiment_name, t.tick_at
       FROM schedule_ticks t JOIN experiments e ON e.id = t.experiment_id
       WHERE t.experiment_id = $1 AND t.tick_at = $2 AND t.run_id IS NULL`,
      [experimentId, tickAt],
    );
    if (rows.length > 0) await this.checkAlerts(db, rows[0]);
  }

  private async checkAlerts(db: Database, run: EndedRun): Promise<void> {
    const alerts = await db.query<AlertRow>(
      'SELECT id, rule, webhook_url, on_failure, baseline FROM alert_rules WHERE experiment_id = $1 ORDER BY id',
      [run.experiment_id],
    );
    await Promise.all(alerts.rows.map((alert) => this.checkAlert(db, alert, run)));
  }

  private async checkAlert(db: Database, alert: AlertRow, run: EndedRun): Promise<void> {
    const { publicUrl } = this.settings;
    const message = (baseline: { id: number; number: number } | null, verdict: Verdict): AlertMessage => ({
      experiment: { id: Number(run.experiment_id), name: run.experiment_name },
      run: { id: run.id === null ? null : Number(run.id), number: run.number, status: run.status, error: run.error },
      baseline,
      ...verdict,
      // Without a run, the experiment's page, whose schedule shows why.
      console_url: baseline
        ? `${publicUrl}/compare?baseline=${baseline.id}&candidate=${run.id}`
        : run.id === null
          ? `${publicUrl}/experiment-runs/${run.experiment_id}`
          : `${publicUrl}/experiment-run-results/${run.id}`,
    });
    if (run.status !== 'success') {
      if (alert.on_failure)
        await this.deliver(db, alert, run, 'run_failed', message(null, { pass: false, checks: [], worst_regressions: [] }));
      return;
    }
    const baseline = await baselineOf(db, alert, run);
    if ('missing' in baseline) return this.skip(db, alert, run, baseline.missing);
    let verdict: Verdict;
    try {
      verdict = await this.settings.verdict.decide(db, baseline.id, Number(run.id), alert.rule);
    } catch (error) {
      return this.skip(db, alert, run, `The runs could not be compared: ${(error as Error).message}`);
    }
    if (!verdict.pass) await this.deliver(db, alert, run, 'regression', message(baseline, verdict));
  }

  private async deliver(
    db: Database,
    alert: AlertRow,
    run: EndedRun,
    kind: 'regression' | 'run_failed',
    message: AlertMessage,
  ): Promise<void> {
    const created = await db.query<{ id: number }>(
      `INSERT INTO alert_deliveries (alert_id, run_id, kind, payload) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (alert_id, run_id) DO NOTHING RETURNING id`,
      [alert.id, run.id, kind, JSON.stringify(message)],
    );
    if (created.rows.length === 0) return;
    await this.send(db, Number(created.rows[0].id), alert.webhook_url, message, 0);
  }

  private async send(db: Database, deliveryId: number, webhookUrl: string, message: AlertMessage, attemptsMade: number): Promise<void> {
    this.sending.add(deliveryId);
    try {
      await sendDelivery(db, deliveryId, webhookUrl, message, this.settings, attemptsMade);
    } finally {
      this.sending.delete(deliveryId);
    }
  }

  /** Nothing is sent, and the delivery list says why. */
  private async skip(db: Queryable, alert: AlertRow, run: EndedRun, reason: string): Promise<void> {
    await db.query(
      `INSERT INTO alert_deliveries (alert_id, run_id, kind, status, error, payload) VALUES ($1, $2, 'regression', 'skipped', $3, '{}'::jsonb)
       ON CONFLICT (alert_id, run_id) DO NOTHING`,
      [alert.id, run.id, reason],
    );
  }
}
