/**
 * `npm run worker` processes against PostgreSQL: kill one with SIGKILL mid-run, start another, and the
 * run completes with exactly one result per entry.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app';
import { exited, QUEUE_ENV, startHttpRun, startSearchService, startWorker } from './helpers/http-run';

const ENTRIES = 120;

describe.skipIf(!process.env.DATABASE_URL)('run workers on PostgreSQL', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startSearchService>>;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    // The API alone: only the worker processes work runs.
    t = await startTestApp('postgres', QUEUE_ENV);
    service = await startSearchService();
  }, 60_000);
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await Promise.all(workers.map(exited));
    await service?.close();
    await t?.close();
  });

  it('a worker killed mid-run loses nothing and duplicates nothing: another finishes the run', async () => {
    const run = await startHttpRun(t, service.url, ENTRIES, 'Kill test');
    const first = startWorker(t.databaseUrl!);
    workers.push(first);
    await run.waitFor('the first worker to store results', (p) => p.done >= 20, 30_000);
    first.kill('SIGKILL');
    await exited(first);
    const atKill = await run.progress();
    expect(atKill.status).toBe('running');
    expect(atKill.done).toBeLessThan(ENTRIES);

    workers.push(startWorker(t.databaseUrl!));
    const end = await run.waitFor('the second worker to finish the run', (p) => p.status !== 'running', 60_000);
    expect(end).toEqual({ status: 'success', done: ENTRIES });
    const { rows } = await t.db.query<{ results: number; entries: number }>(
      'SELECT count(*)::int AS results, count(DISTINCT entry_id)::int AS entries FROM experiment_run_results WHERE run_id = $1',
      [run.id],
    );
    expect(rows[0]).toEqual({ results: ENTRIES, entries: ENTRIES });
  }, 120_000);
});
