/**
 * Waiting for a run over the API: a long poll that answers once the run ended, and a stream of its progress.
 * Both read the run again every POLL_MS with one short query, holding no connection in between: the run is
 * changed by a worker that may be another process (pg-boss), which tells this one nothing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ACTIVE_STATUSES } from '../comparisons/compared-runs';
import type { Queryable } from '../db/database';
import { notFound } from '../errors';

const POLL_MS = 300;
/** Proxies and load balancers close a connection that says nothing for a minute or so. */
const HEARTBEAT_MS = 15_000;

/** What a watcher sees of a run: the fields of its API answer that move while it runs. */
export interface RunState {
  id: number;
  status: string;
  progress: { done: number; total: number };
  error: string | null;
}

export async function runState(db: Queryable, runId: number): Promise<RunState> {
  const { rows } = await db.query<RunState>(
    `SELECT id, status, json_build_object('done', progress_done, 'total', progress_total) AS progress, error
     FROM experiment_runs WHERE id = $1`,
    [runId],
  );
  if (rows.length === 0) throw notFound('Experiment run', runId);
  return { ...rows[0], id: Number(rows[0].id) };
}

const hasEnded = (state: RunState) => !ACTIVE_STATUSES.includes(state.status);

interface WatchOptions {
  /** Stops the watch (the client went away, or its time is up). */
  signal: AbortSignal;
  pollMs?: number;
}

/** Resolves once the run is no longer pending or running, or `signal` aborts, whichever comes first. */
export async function untilRunEnds(db: Queryable, runId: number, { signal, pollMs = POLL_MS }: WatchOptions): Promise<void> {
  while (!signal.aborted && !hasEnded(await runState(db, runId))) {
    await sleep(pollMs, undefined, { signal }).catch(() => {});
  }
}

/**
 * The run's progress as Server-Sent Events: a `progress` event now and at every change, an `end` event once
 * it ended (then the stream ends), and a comment line every `heartbeatMs` in between so the connection stays
 * open through proxies. Ends without `end` when `signal` aborts.
 */
export async function* runEvents(
  db: Queryable,
  runId: number,
  { signal, pollMs = POLL_MS, heartbeatMs = HEARTBEAT_MS }: WatchOptions & { heartbeatMs?: number },
): AsyncGenerator<string> {
  let last = '';
  let sentAt = Date.now();
  while (!signal.aborted) {
    const state = await runState(db, runId);
    const data = JSON.stringify(state);
    if (hasEnded(state)) {
      yield `event: end\ndata: ${data}\n\n`;
      return;
    }
    if (data !== last) {
      last = data;
      sentAt = Date.now();
      yield `event: progress\ndata: ${data}\n\n`;
    } else if (Date.now() - sentAt >= heartbeatMs) {
      sentAt = Date.now();
      yield ': still running\n\n';
    }
    await sleep(pollMs, undefined, { signal }).catch(() => {});
  }
}
