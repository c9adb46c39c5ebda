/**
 * PGlite has one connection in the server's own thread: a run worked there must leave turns to the
 * requests, or every request (sign-in, lists, the run's own progress) waits for the whole run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app';

const ENTRIES = 2000;

describe('a run on PGlite', () => {
  let t: TestApp;
  let headers: { authorization: string };

  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { runWorker: true });
    headers = await t.auth();
    await t.db.query(
      `INSERT INTO products (product_id, name) SELECT 'p' || n, (ARRAY['sofa', 'chair', 'table', 'lamp'])[n % 4 + 1] || ' ' || n
       FROM generate_series(1, 2000) n`,
    );
  }, 60_000);
  afterAll(() => t?.close());

  it('lets its progress be read while it is worked, not only once it ended', async () => {
    const set = await t.db.query<{ id: number }>(`INSERT INTO golden_sets (name) VALUES ('Turns') RETURNING id`);
    const dataset = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Turns', 'x') RETURNING id`);
    await t.db.query(
      `WITH e AS (INSERT INTO dataset_entries (input) SELECT (ARRAY['sofa', 'chair', 'table', 'lamp'])[n % 4 + 1] || ' ' || n
                  FROM generate_series(1, $2) n RETURNING id)
       INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) SELECT $1, id FROM e`,
      [dataset.rows[0].id, ENTRIES],
    );
    const script = await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
    const experiment = await t.app.inject({
      method: 'POST',
      url: '/api/backend/experiments/',
      headers,
      payload: {
        name: 'Turns',
        evaluation_script_id: Number(script.rows[0].id),
        dataset_id: Number(dataset.rows[0].id),
        config: { search_target: { kind: 'builtin' }, golden_set_id: Number(set.rows[0].id), k: 10 },
      },
    });
    expect(experiment.statusCode, experiment.body).toBe(201);
    const run = (await t.app.inject({ method: 'POST', url: `/api/backend/experiments/${experiment.json().id}/runs`, headers })).json();

    // Every answer read while the run goes: the first ones must come before it ends.
    const seen: Array<{ status: string; done: number }> = [];
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const answer = (await t.app.inject({ method: 'GET', url: `/api/backend/experiment-runs/${run.id}`, headers })).json();
      seen.push({ status: answer.status, done: answer.progress.done });
      if (!['pending', 'running'].includes(answer.status)) break;
    }
    expect(seen.at(-1)).toEqual({ status: 'success', done: ENTRIES });
    expect(seen.some(({ status, done }) => status === 'running' && done > 0 && done < ENTRIES)).toBe(true);
  }, 120_000);
});
