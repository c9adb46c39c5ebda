/**
 * One log line for each turn in a run's life (started, finished, failed, cancelled), with its counts and
 * duration: runs work in the background, and without these lines the log says nothing about them.
 */
import type { Queryable } from '../db/database';

/** The server's logger (pino's `(fields, message)`), or the worker's console. */
export interface RunLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

interface RunCounts {
  run_id: number;
  experiment_id: number;
  status: string;
  done: number;
  total: number;
  errors: number;
  seconds: number | null;
  error: string | null;
}

/** What the lines report, read from a run's row by id = $1. */
const COUNTS = `SELECT id AS run_id, experiment_id, status, progress_done AS done, progress_total AS total, errors, error,
  extract(epoch FROM (coalesce(finished_at, now()) - started_at))::float8 AS seconds FROM experiment_runs WHERE id = $1`;

function fields(run: RunCounts) {
  return {
    run: Number(run.run_id),
    experiment: Number(run.experiment_id),
    status: run.status,
    done: run.done,
    total: run.total,
    errors: run.errors,
    ...(run.seconds === null ? {} : { seconds: Math.round(run.seconds * 10) / 10 }),
  };
}

const duration = (run: RunCounts) => (run.seconds === null ? '' : ` in ${(Math.round(run.seconds * 10) / 10).toFixed(1)} s`);

export type RunEvent = 'started' | 'ended' | 'cancelled';

/** Logs a run's event; never lets a logging problem touch the run. */
export async function logRun(db: Queryable, log: RunLog | undefined, runId: number, event: RunEvent): Promise<void> {
  if (!log) return;
  try {
    const run = (await db.query<RunCounts>(COUNTS, [runId])).rows[0];
    if (!run) return;
    const counts = `${run.done} of ${run.total} entries, ${run.errors} failed searches${duration(run)}`;
    if (event === 'started') log.info(fields(run), `run ${runId} started: ${run.total} entries (experiment ${run.experiment_id})`);
    else if (event === 'cancelled') log.info(fields(run), `run ${runId} cancelled: ${counts}`);
    else if (run.status === 'failed')
      log.warn({ ...fields(run), error: run.error }, `run ${runId} failed: ${counts}. ${run.error ?? ''}`.trim());
    else log.info(fields(run), `run ${runId} finished (${run.status}): ${counts}`);
  } catch {
    // The run's own work goes on; a missing log line is the lesser loss.
  }
}
