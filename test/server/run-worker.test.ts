/**
 * `npm run worker` processes against PostgreSQL: kill one with SIGKILL mid-run, start another, and the
 * run completes with exactly one result per entry.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app';

const ENTRIES = 120;
/** Every process that queues jobs (the API too) sets how long a job may go unfinished before it counts as lost. */
const QUEUE_ENV = { RUN_SLICE_SECONDS: '1', RUN_JOB_EXPIRE_SECONDS: '3', RUN_QUEUE_MAINTENANCE_SECONDS: '1' };
const root = fileURLToPath(new URL('../..', import.meta.url));

function startWorker(databaseUrl: string): ChildProcess {
  const worker = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ...QUEUE_ENV,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  worker.stdout!.resume();
  worker.stderr!.resume();
  return worker;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe.skipIf(!process.env.DATABASE_URL)('run workers on PostgreSQL', () => {
  let t: TestApp;
  let service: Server;
  let serviceUrl: string;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    // The API alone: only the worker processes work runs.
    t = await startTestApp('postgres', QUEUE_ENV);
    service = createServer((_request, response) => {
      setTimeout(() => response.end(JSON.stringify({ hits: [{ id: 'p1' }, { id: 'p2' }] })), 50);
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/?q={query}`;
  }, 60_000);
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await Promise.all(workers.map(exited));
    await new Promise((resolve) => service?.close(resolve));
    await t?.close();
  });

  it('a worker killed mid-run loses nothing and duplicates nothing: another finishes the run', async () => {
    const { db } = t;
    const set = await db.query<{ id: number }>(`INSERT INTO golden_sets (name) VALUES ('Kill test') RETURNING id`);
    await db.query(
      `INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade) VALUES ($1, 'query 1', 'query 1', 'p1', 2)`,
      [set.rows[0].id],
    );
    const dataset = await db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Kill test', 'x') RETURNING id`);
    await db.query(
      `WITH e AS (INSERT INTO dataset_entries (input) SELECT 'query ' || n FROM generate_series(1, $2) n RETURNING id)
       INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) SELECT $1, id FROM e`,
      [dataset.rows[0].id, ENTRIES],
    );
    const script = await db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
    const headers = await t.auth();
    const experiment = await t.app.inject({
      method: 'POST',
      url: '/api/backend/experiments/',
      headers,
      payload: {
        name: 'Kill test',
        evaluation_script_id: Number(script.rows[0].id),
        dataset_id: Number(dataset.rows[0].id),
        config: {
          search_target: { kind: 'http', url: serviceUrl, hits: '/hits', product_id: '/id', concurrency: 2 },
          golden_set_id: Number(set.rows[0].id),
          k: 2,
        },
      },
    });
    const run = (await t.app.inject({ method: 'POST', url: `/api/backend/experiments/${experiment.json().id}/runs`, headers })).json();
    const progress = async () =>
      (
        await db.query<{ status: string; done: number }>('SELECT status, progress_done AS done FROM experiment_runs WHERE id = $1', [
          run.id,
        ])
      ).rows[0];

    const first = startWorker(t.databaseUrl!);
    workers.push(first);
    const waitFor = async (what: string, done: (p: { status: string; done: number }) => boolean, timeoutMs: number) => {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const p = await progress();
        if (done(p)) return p;
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(p)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await waitFor('the first worker to store results', (p) => p.done >= 20, 30_000);
    first.kill('SIGKILL');
    await exited(first);
    const atKill = await progress();
    expect(atKill.status).toBe('running');
    expect(atKill.done).toBeLessThan(ENTRIES);

    workers.push(startWorker(t.databaseUrl!));
    const end = await waitFor('the second worker to finish the run', (p) => p.status !== 'running', 60_000);
    expect(end).toEqual({ status: 'success', done: ENTRIES });
    const { rows } = await db.query<{ results: number; entries: number }>(
      'SELECT count(*)::int AS results, count(DISTINCT entry_id)::int AS entries FROM experiment_run_results WHERE run_id = $1',
      [run.id],
    );
    expect(rows[0]).toEqual({ results: ENTRIES, entries: ENTRIES });
  }, 120_000);
});
