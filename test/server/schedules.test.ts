// Experiment schedules: GET/PUT …/schedule read and save a five-field cron in UTC (a bad one refused naming
// cron and the parser's reason, the change audited); each tick makes exactly one run however many servers
// tick at once, started as a person's run is, tagged scheduled and attributed to the scheduler; a tick
// missed while no server was up runs once at start; an experiment that cannot run keeps its tick with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/storage/open-database';
import { openRunQueue } from '../../server/runs/open-run-queue';
import { readConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import type { RunQueue } from '../../server/runs/run-queue';
import { ScheduledRuns } from '../../server/schedules/scheduled-runs';
import { startScheduleClock } from '../../server/schedules/schedule-clocks';
import { startEngineRuns, type EngineRuns } from './helpers/engine-run';
import { backends, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const MINUTE = 60_000;

const CATALOGUE = ['product_id,name,description', 'p1,Red sofa,Deep red', 'p2,Oak table,Solid oak'].join('\n');
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'oak table,p2,2'].join('\n');

interface Run {
  id: number;
  tags: string[];
  status: string;
}

describe.each(backends)('experiment schedules (%s)', (backend) => {
  let engine: EngineRuns;
  let t: TestApp;
  let experimentId: number;
  /** A second server's storage and queue on the same database (PGlite: the one server's own). */
  let otherDb: Database;
  let otherQueue: RunQueue;

  const schedule = (id = experimentId) => t.call('GET', `${API}/experiments/${id}/schedule`);
  const save = (body: object, id = experimentId) => t.call('PUT', `${API}/experiments/${id}/schedule`, body);
  const scheduledRuns = async (id = experimentId) =>
    (await t.call('GET', `${API}/experiment-runs/by_experiment/${id}`)).json<Run[]>().filter((run) => run.tags.includes('scheduled'));
  /** When the experiment's schedule was last saved: its ticks count from then. */
  const savedAt = async (id = experimentId) =>
    Date.parse(
      (await t.db.query<{ at: string }>('SELECT active_since AS at FROM experiment_schedules WHERE experiment_id = $1', [id])).rows[0].at,
    );
  const endAll = async (id = experimentId) => {
    for (const run of await scheduledRuns(id)) await t.runUntilEnded(run.id);
  };

  beforeAll(async () => {
    engine = await startEngineRuns(backend, { name: 'Nightly', catalogue: CATALOGUE, judgements: JUDGEMENTS });
    t = engine.t;
    await engine.addEntry('red sofa');
    await engine.addEntry('oak table');
    experimentId = await engine.addExperiment('Nightly', { k: 2 });
    if (t.databaseUrl) {
      otherDb = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
      otherQueue = await openRunQueue(
        otherDb,
        readConfig({ DATA_DIR: t.dataDir, OIDC_ISSUER: 'http://x', OIDC_AUDIENCE: 'a', OIDC_CLIENT_ID: 'c' }).runs,
      );
    } else {
      [otherDb, otherQueue] = [t.db, t.runQueue!];
    }
  }, 90_000);
  afterAll(async () => {
    if (t?.databaseUrl) {
      await otherQueue?.close();
      await otherDb?.close();
    }
    await t?.close();
  });

  it('answers an experiment without a schedule as having none, and 404 for no experiment', async () => {
    const none = await schedule();
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ cron: null, enabled: false, last_run_at: null, last_run_id: null, last_error: null, next_run_at: null });
    expect((await schedule(999_999)).statusCode).toBe(404);
  });

  it("refuses a cron expression it cannot read, naming cron and the parser's reason", async () => {
    const outOfRange = await save({ cron: '61 * * * *', enabled: true });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().message).toBe('body.cron: Constraint error, got value 61 expected range 0-59');
    const fourFields = await save({ cron: '0 6 * *', enabled: true });
    expect(fourFields.statusCode).toBe(400);
    expect(fourFields.json().message).toMatch(/^body\.cron: must have five fields/);
    // Seconds are not a field here: a six-field expression is refused, not read as something else.
    expect((await save({ cron: '0 0 6 * * *', enabled: true })).statusCode).toBe(400);
    expect((await t.call('GET', `${API}/schedules/next-runs?cron=${encodeURIComponent('* * 32 * *')}`)).json().message).toMatch(
      /^querystring\.cron: /,
    );
    expect((await schedule()).json().cron).toBeNull();
  });

  it('saves a schedule, answers when it next runs, and records the change in the audit trail', async () => {
    const saved = await save({ cron: '0  6 * * 1-5', enabled: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json();
    expect(body).toMatchObject({ cron: '0 6 * * 1-5', enabled: true, last_run_at: null });
    const next = new Date(body.next_run_at);
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([6, 0]);
    expect([1, 2, 3, 4, 5]).toContain(next.getUTCDay());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(4 * 24 * 60 * MINUTE);
    const preview = await t.call('GET', `${API}/schedules/next-runs?cron=${encodeURIComponent('0 6 * * 1-5')}`);
    expect(preview.json().next_runs[0]).toBe(body.next_run_at);
    expect(preview.json().next_runs).toHaveLength(5);
    const audit = (await t.call('GET', `${API}/audit/?action=experiment.schedule`)).json().results;
    expect(audit[0]).toMatchObject({ target_type: 'experiment', target_id: String(experimentId), summary: 'on: 0 6 * * 1-5 (UTC)' });
  });

  it('makes exactly one run a minute from a * * * * * schedule, with two servers ticking at once', async () => {
    await save({ cron: '* * * * *', enabled: true });
    const since = await savedAt();
    const first = Math.floor(since / MINUTE) * MINUTE + MINUTE;
    const one = new ScheduledRuns(t.db, t.runQueue!);
    const other = new ScheduledRuns(otherDb, otherQueue);
    for (const minute of [0, 1, 2]) {
      const now = new Date(first + minute * MINUTE + 5_000);
      const made = (await Promise.all([one.tick(now), other.tick(now), one.tick(now), other.tick(now)])).flat();
      expect(made, `minute ${minute}`).toHaveLength(1);
      expect(made[0]).toMatchObject({ experiment_id: experimentId, tick_at: new Date(first + minute * MINUTE).toISOString(), error: null });
    }
    await endAll();
    const runs = await scheduledRuns();
    expect(runs).toHaveLength(3);
    expect(runs.every((run) => run.status === 'success')).toBe(true);
    // Started as a person's run is, attributed to the scheduler.
    const starts = (await t.call('GET', `${API}/audit/?action=run.start&actor=scheduler`)).json<{
      results: Array<{ target_id: string; actor: object }>;
    }>().results;
    expect(starts.map((row) => Number(row.target_id)).sort()).toEqual(runs.map((run) => run.id).sort());
    expect(starts[0].actor).toEqual({ sub: 'scheduler', name: 'Schedule' });
    const shown = (await schedule()).json();
    expect(shown.last_run_id).toBe(Math.max(...runs.map((run) => run.id)));
    expect(shown.last_error).toBeNull();
  });

  it('runs a tick missed while no server was up once, however many ticks were missed', async () => {
    const before = (await scheduledRuns()).length;
    const ticks = new ScheduledRuns(t.db, t.runQueue!);
    const muchLater = new Date((await savedAt()) + 90 * MINUTE);
    expect(await ticks.tick(muchLater)).toHaveLength(1);
    expect(await ticks.tick(muchLater)).toHaveLength(0);
    await endAll();
    expect(await scheduledRuns()).toHaveLength(before + 1);
  });

  it('makes no run once turned off, nor for the ticks it missed while off', async () => {
    await save({ cron: '* * * * *', enabled: false });
    const ticks = new ScheduledRuns(t.db, t.runQueue!);
    const later = (await savedAt()) + 200 * MINUTE;
    expect(await ticks.tick(new Date(later))).toEqual([]);
    expect((await schedule()).json()).toMatchObject({ enabled: false, next_run_at: null });
    await save({ cron: '* * * * *', enabled: true });
    // Turned on again: the ticks while it was off are not owed.
    expect(await ticks.tick(new Date((await savedAt()) + 1_000))).toEqual([]);
    await save({ cron: '* * * * *', enabled: false });
  });

  it('keeps a tick whose experiment cannot run, with the reason the schedule shows', async () => {
    const broken = await engine.addExperiment('Broken', { k: 2 });
    await t.db.query(`UPDATE experiments SET config = config - 'golden_set_id' WHERE id = $1`, [broken]);
    await save({ cron: '*/5 * * * *', enabled: true }, broken);
    const made = await new ScheduledRuns(t.db, t.runQueue!).tick(new Date((await savedAt(broken)) + 6 * MINUTE));
    expect(made).toHaveLength(1);
    expect(made[0].run_id).toBeNull();
    const shown = (await schedule(broken)).json();
    expect(shown.last_error).toMatch(/has no run configuration/);
    expect(shown.last_run_id).toBeNull();
    await save({ cron: '*/5 * * * *', enabled: false }, broken);
  });

  it('ticks when a server starts: the latest tick missed while none was up makes one run', async () => {
    const hourly = await engine.addExperiment('Hourly', { k: 2 });
    await save({ cron: '* * * * *', enabled: true }, hourly);
    // Saved an hour ago, as if the servers had been down since.
    await t.db.query(`UPDATE experiment_schedules SET active_since = now() - interval '1 hour' WHERE experiment_id = $1`, [hourly]);
    const startedAt = Date.now();
    const clocks = await Promise.all([
      startScheduleClock(t.db, t.runQueue!, { monitorSeconds: 1 }),
      startScheduleClock(otherDb, otherQueue, { monitorSeconds: 1 }),
    ]);
    try {
      if (backend === 'postgres') {
        // pg-boss's own cron sends the tick job too; its worker runs it, and the tick it asks for is already made.
        const deadline = Date.now() + 15_000;
        let jobs: Array<{ state: string }> = [];
        while (Date.now() < deadline) {
          jobs = (await t.db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'experiment-schedules'`)).rows;
          if (jobs.some((job) => job.state === 'completed')) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(
          jobs.some((job) => job.state === 'completed'),
          JSON.stringify(jobs),
        ).toBe(true);
        // One job a minute, however many servers run the clock.
        const minutes = Math.floor(Date.now() / MINUTE) - Math.floor(startedAt / MINUTE) + 1;
        expect(jobs.length).toBeLessThanOrEqual(minutes);
      }
    } finally {
      await Promise.all(clocks.map((clock) => clock.close()));
    }
    await endAll(hourly);
    const runs = await scheduledRuns(hourly);
    const minutes = Math.floor(Date.now() / MINUTE) - Math.floor(startedAt / MINUTE) + 1;
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(minutes);
  }, 30_000);
});
