import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/demo/seed-demo-data';
import { startTestApp, type TestApp } from './helpers/test-app';

// The demo's 'running' run once showed '8 / 16' forever with an Updated At in the future.
// Every demo run must be one the server itself could have left: a finished run with its times in the past, or
// an unfinished one that the run queue will really work.
type Run = {
  id: number;
  status: string;
  runnable: boolean;
  created_in_past: boolean;
  updated_in_past: boolean;
  updated_after_created: boolean;
  finished_at_set: boolean;
  progress_done: number;
  progress_total: number;
};

describe('demo runs', () => {
  let t: TestApp;
  let runs: Run[];
  beforeAll(async () => {
    t = await startTestApp('pglite');
    expect(await seedDemoData(t.db)).toBe(true);
    ({ rows: runs } = await t.db.query<Run>(
      `SELECT id, status, config IS NOT NULL AS runnable, created_at <= now() AS created_in_past, updated_at <= now() AS updated_in_past,
              updated_at >= created_at AS updated_after_created, finished_at IS NOT NULL AS finished_at_set, progress_done, progress_total
         FROM experiment_runs ORDER BY id`,
    ));
  }, 120_000);
  afterAll(() => t.close());

  it('has no time in the future', () => {
    expect(runs.filter((run) => !run.created_in_past || !run.updated_in_past || !run.updated_after_created).map((run) => run.id)).toEqual(
      [],
    );
  });

  it('has no unfinished run the queue would never work (it would stay at its progress forever)', () => {
    const stuck = runs.filter((run) => ['pending', 'running'].includes(run.status) && !run.runnable);
    expect(stuck.map((run) => `${run.id} ${run.status} ${run.progress_done} / ${run.progress_total}`)).toEqual([]);
  });

  it('gives every finished run its finish time, as the server does', () => {
    const finished = runs.filter((run) => ['success', 'failed', 'cancelled'].includes(run.status));
    expect(finished.length).toBe(runs.length);
    expect(finished.filter((run) => !run.finished_at_set).map((run) => run.id)).toEqual([]);
  });
});
