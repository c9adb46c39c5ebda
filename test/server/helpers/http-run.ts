import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './test-app';

/** Every process that queues jobs (the API too) sets how long a job may go unfinished before it counts as lost. */
export const QUEUE_ENV = { RUN_SLICE_SECONDS: '1', RUN_JOB_EXPIRE_SECONDS: '3', RUN_QUEUE_MAINTENANCE_SECONDS: '1' };
const root = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run worker` on `databaseUrl`, its output kept for a failing test to show. */
export function startWorker(databaseUrl: string): ChildProcess & { output(): string } {
  const worker = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, ...QUEUE_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  worker.stdout!.on('data', keep);
  worker.stderr!.on('data', keep);
  return Object.assign(worker, { output: () => output });
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** A search service that answers every query with two hits after `delayMs`. */
export async function startSearchService(delayMs = 50): Promise<{ url: string; close(): Promise<void> }> {
  const service: Server = createServer((_request, response) => {
    setTimeout(() => response.end(JSON.stringify({ hits: [{ id: 'p1' }, { id: 'p2' }] })), delayMs);
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(service.address() as AddressInfo).port}/?q={query}`,
    close: () => new Promise((resolve) => service.close(() => resolve())),
  };
}

export interface RunProgress {
  status: string;
  done: number;
}

/**
 * An experiment through the API whose dataset asks `entries` queries ('query 1', …) of `serviceUrl`, and whose
 * golden set judges p1 relevant to 'query 1'; answers its id.
 */
export async function createHttpExperiment(t: TestApp, serviceUrl: string, entries: number, name: string): Promise<number> {
  const { db } = t;
  const set = await db.query<{ id: number }>(`INSERT INTO golden_sets (name) VALUES ($1) RETURNING id`, [name]);
  await db.query(
    `INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade) VALUES ($1, 'query 1', 'query 1', 'p1', 2)`,
    [set.rows[0].id],
  );
  const dataset = await db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ($1, 'x') RETURNING id`, [name]);
  await db.query(
    `WITH e AS (INSERT INTO dataset_entries (input) SELECT 'query ' || n FROM generate_series(1, $2) n RETURNING id)
     INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) SELECT $1, id FROM e`,
    [dataset.rows[0].id, entries],
  );
  const script = await db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
  const headers = await t.auth();
  const experiment = await t.app.inject({
    method: 'POST',
    url: '/api/backend/experiments/',
    headers,
    payload: {
      name,
      evaluation_script_id: Number(script.rows[0].id),
      dataset_id: Number(dataset.rows[0].id),
      config: {
        search_target: { kind: 'http', url: serviceUrl, hits: '/hits', product_id: '/id', concurrency: 2 },
        golden_set_id: Number(set.rows[0].id),
        k: 2,
      },
    },
  });
  return experiment.json().id;
}

/** Starts a run of `entries` queries against `serviceUrl` through the API; answers its id and a progress probe. */
export async function startHttpRun(t: TestApp, serviceUrl: string, entries: number, name: string) {
  const { db } = t;
  const experimentId = await createHttpExperiment(t, serviceUrl, entries, name);
  const headers = await t.auth();
  const run = (await t.app.inject({ method: 'POST', url: `/api/backend/experiments/${experimentId}/runs`, headers })).json();
  const progress = async () =>
    (await db.query<RunProgress>('SELECT status, progress_done AS done FROM experiment_runs WHERE id = $1', [run.id])).rows[0];
  const waitFor = async (what: string, done: (p: RunProgress) => boolean, timeoutMs: number) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const p = await progress().catch(() => undefined);
      if (p && done(p)) return p;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(p)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { id: run.id as number, progress, waitFor };
}
