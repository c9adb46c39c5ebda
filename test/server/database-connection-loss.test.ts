/**
 * PostgreSQL ending the connections (pg_terminate_backend, a restart, a failover, idle_session_timeout):
 * the server and `npm run worker` stay up, answer again and finish the run they were working.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../browser/server-process';
import { startTestApp, type TestApp } from './helpers/test-app';
import { openPostgres } from '../../server/db/postgres';
import { createTestDatabase, withClient } from './helpers/test-databases';
import { exited, QUEUE_ENV, startHttpRun, startSearchService, startWorker } from './helpers/http-run';

const ENTRIES = 120;

/** Ends every session on the test's database but the one asking (57P01 for each of them). */
async function terminateSessions(databaseUrl: string): Promise<number> {
  const admin = new URL(process.env.DATABASE_URL!);
  const name = new URL(databaseUrl).pathname.slice(1);
  return withClient(admin, async (client) => {
    const { rowCount } = await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    return rowCount ?? 0;
  });
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL ending the connections', () => {
  let t: TestApp;
  let server: RunningServer;
  let worker: ChildProcess & { output(): string };
  let service: Awaited<ReturnType<typeof startSearchService>>;

  beforeAll(async () => {
    t = await startTestApp('postgres', QUEUE_ENV);
    service = await startSearchService();
    server = await startServer({
      env: { DATABASE_URL: t.databaseUrl!, RUN_WORKER: 'false', DEMO_DATA: 'false', CONSOLE_ADMIN_PASSWORD: 'first-admin-password' },
    });
    worker = startWorker(t.databaseUrl!);
  }, 60_000);
  afterAll(async () => {
    worker?.kill('SIGKILL');
    if (worker) await exited(worker);
    await server?.stop();
    await service?.close();
    await t?.close();
  });

  it('the server and a worker stay up, answer again and finish the run in progress', async () => {
    const run = await startHttpRun(t, service.url, ENTRIES, 'Terminate test');
    await run.waitFor('the worker to store results', (p) => p.done >= 20, 30_000);
    expect(await terminateSessions(t.databaseUrl!)).toBeGreaterThan(0);
    // Again, once the pools have reconnected: a second loss must be survived too.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await terminateSessions(t.databaseUrl!);
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(alive(worker), worker.output()).toBe(true);
    expect(server.exited(), server.output().stderr).toBe(false);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);

    const end = await run.waitFor('the worker to finish the run', (p) => p.status !== 'running', 60_000);
    expect(end).toEqual({ status: 'success', done: ENTRIES });
    expect(alive(worker), worker.output()).toBe(true);
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL with idle_session_timeout', () => {
  it('ends idle sessions (57P05) and the next queries connect anew', async () => {
    const test = await createTestDatabase('postgres');
    const name = new URL(test.url!).pathname.slice(1);
    await withClient(new URL(process.env.DATABASE_URL!), (client) =>
      client.query(`ALTER DATABASE ${name} SET idle_session_timeout = '500ms'`),
    );
    const db = await openPostgres(test.url!);
    try {
      await Promise.all([db.query('SELECT pg_sleep(0.1)'), db.query('SELECT pg_sleep(0.1)')]);
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // both idle sessions end meanwhile
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect(await db.transaction((tx) => tx.query<{ two: number }>('SELECT 2 AS two'))).toMatchObject({ rows: [{ two: 2 }] });
    } finally {
      await db.close();
      await test.drop();
    }
  });
});
