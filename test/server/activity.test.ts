/**
 * The dashboard's Monthly Activity (GET /api/backend/activity): what was made each month in UTC, every month of
 * the window listed (zeros included), a row made in the last second of a month counted in that month, rows older
 * than the window left out; months outside 1 to 24 refused naming the field; a viewer may read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../../server/schemas/activity';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';

/** YYYY-MM of the month `back` months before this one (UTC). */
function monthBefore(back: number): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe.each(backends)('monthly activity on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const db = t.db;
    // Made at a given time: `back` whole months before this month's first second, plus an offset.
    const at = (back: number, offset = "interval '1 day'") =>
      `date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '${back} month' + ${offset}`;
    await db.query(`INSERT INTO datasets (name, description, created_at) VALUES
      ('this month', '', ${at(0)}), ('two months ago', '', ${at(2)}), ('also two months ago', '', ${at(2)}),
      ('last second of last month', '', ${at(0, "interval '-1 second'")}), ('a year ago', '', ${at(12)})`);
    await db.query(`INSERT INTO golden_sets (name, description, created_at) VALUES ('five months ago', '', ${at(5)})`);
    const script = await db.query<{ id: number }>('SELECT id FROM evaluation_scripts ORDER BY id LIMIT 1');
    const dataset = await db.query<{ id: number }>("SELECT id FROM datasets WHERE name = 'this month'");
    const experiment = await db.query<{ id: number }>(
      `INSERT INTO experiments (name, evaluation_script_id, dataset_id, description, created_at) VALUES ('x', $1, $2, '', ${at(1)}) RETURNING id`,
      [script.rows[0].id, dataset.rows[0].id],
    );
    const run = await db.query<{ id: number }>(
      `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status) VALUES ($1, 'x', 'success') RETURNING id`,
      [experiment.rows[0].id],
    );
    await db.query(
      `INSERT INTO evaluations (name, run_id, format, file_name, created_by, created_at) VALUES ('offline', $1, 'trec', 'r.trec', 'test', ${at(0)})`,
      [run.rows[0].id],
    );
  }, 60_000);
  afterAll(() => t?.close());

  it('counts what was made each month, oldest first, every month listed', async () => {
    const response = await t.call('GET', `${API}/activity`);
    expect(response.statusCode, response.body).toBe(200);
    const activity = response.json<Activity>();
    expect(activity.months.map((m) => m.month)).toEqual([5, 4, 3, 2, 1, 0].map(monthBefore));
    expect(activity.from).toBe(monthBefore(5));
    const row = (back: number) => activity.months.find((m) => m.month === monthBefore(back));
    expect(row(0)).toMatchObject({ datasets: 1, golden_sets: 0, experiments: 0, evaluations: 1 });
    expect(row(1)).toMatchObject({ datasets: 1, experiments: 1, evaluations: 0 });
    expect(row(2)).toMatchObject({ datasets: 2 });
    expect(row(5)).toMatchObject({ golden_sets: 1, datasets: 0 });
    expect(row(3)).toEqual({ month: monthBefore(3), datasets: 0, golden_sets: 0, experiments: 0, evaluations: 0 });
    // The dataset of a year ago is outside six months, inside thirteen.
    const year = (await t.call('GET', `${API}/activity?months=13`)).json<Activity>();
    expect(year.months).toHaveLength(13);
    expect(year.months[0]).toMatchObject({ month: monthBefore(12), datasets: 1 });
  });

  it('refuses months outside 1 to 24, naming the field; a viewer may read it', async () => {
    for (const months of ['0', '25', 'six']) {
      const refused = await t.call('GET', `${API}/activity?months=${months}`);
      expect(refused.statusCode, months).toBe(400);
      expect(refused.json().message).toContain('months');
    }
    const viewer = await t.call('GET', `${API}/activity?months=1`, undefined, {
      authorization: `Bearer ${await t.issuer.token({ roles: ['viewer'] })}`,
    });
    expect(viewer.statusCode, viewer.body).toBe(200);
    expect(viewer.json<Activity>().months).toHaveLength(1);
  });
});
