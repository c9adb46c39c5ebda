/**
 * Each run's number within its experiment: given in the order runs start (a rescore too), never shared by
 * two runs started at once, answered in every run schema, and given by migration 022 to runs made before it
 * in the order they were created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/storage/migrate';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';

describe.each(backends)('run numbers (%s)', (backend) => {
  let t: TestApp;
  let first: number;
  let second: number;

  const start = async (experimentId: number, tags: string[] = []) => {
    const started = await t.call('POST', `${API}/experiments/${experimentId}/runs`, { tags });
    expect(started.statusCode, started.body).toBe(202);
    return started.json<{ id: number; number: number }>();
  };
  const listed = async (experimentId: number) =>
    (await t.call('GET', `${API}/experiment-runs/by_experiment/${experimentId}`)).json<
      Array<{ id: number; number: number; config: unknown }>
    >();

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { runWorker: true });
    expect(
      (await t.upload(`${API}/catalogue/import`, [['file', { file: 'product_id,name\np1,Red sofa\np2,Oak table\n' }]])).statusCode,
    ).toBe(200);
    const goldenSet = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Numbers'],
      ['file', { file: 'query,product_id,relevance\nred sofa,p1,2\noak table,p2,1\n' }],
    ]);
    const scriptId = (await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`)).rows[0]
      .id;
    const dataset = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Numbers', 'x') RETURNING id`);
    for (const input of ['red sofa', 'oak table']) {
      const entry = await t.db.query<{ id: number }>('INSERT INTO dataset_entries (input) VALUES ($1) RETURNING id', [input]);
      await t.db.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [
        dataset.rows[0].id,
        entry.rows[0].id,
      ]);
    }
    const experiment = async (name: string) => {
      const created = await t.call('POST', `${API}/experiments/`, {
        name,
        evaluation_script_id: Number(scriptId),
        dataset_id: Number(dataset.rows[0].id),
        config: { search_target: { kind: 'builtin' }, golden_set_id: goldenSet.json<{ id: number }>().id, k: 2 },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: number }>().id;
    };
    first = await experiment('First');
    second = await experiment('Second');
  }, 60_000);
  afterAll(() => t?.close());

  it('numbers each experiment’s runs 1, 2, … in the order they start, a rescore too', async () => {
    const one = await start(first, ['a']);
    expect(one.number).toBe(1);
    await t.runUntilEnded(one.id);
    expect((await start(second)).number).toBe(1);
    const two = await start(first);
    expect(two.number).toBe(2);
    await t.runUntilEnded(two.id);
    const rescored = await t.call('POST', `${API}/experiment-runs/${one.id}/rescore`);
    expect(rescored.statusCode, rescored.body).toBe(202);
    expect(rescored.json()).toMatchObject({ number: 3 });
    await t.runUntilEnded(rescored.json<{ id: number }>().id);

    const runs = await listed(first);
    expect(runs.map((run) => run.number)).toEqual([3, 2, 1]);
    expect(runs[0].config).toMatchObject({ search_target: { kind: 'builtin' }, k: 2 });
    expect((await t.call('GET', `${API}/experiment-runs/${one.id}`)).json()).toMatchObject({ id: one.id, number: 1 });
    const compared = (await t.call('GET', `${API}/run-comparisons/?baseline=${one.id}&candidate=${two.id}`)).json();
    expect(compared.baseline).toMatchObject({ number: 1, tags: ['a'], config: { k: 2 } });
    expect(compared.candidate).toMatchObject({ number: 2, tags: [] });
    const comparable = (await t.call('GET', `${API}/experiment-runs/${one.id}/comparable-runs`)).json<{
      runs: Array<{ id: number; number: number }>;
    }>();
    expect(comparable.runs.find((run) => run.id === two.id)?.number).toBe(2);
  });

  it('gives two runs started at once different numbers', async () => {
    const before = (await listed(first)).length;
    const [a, b] = await Promise.all([start(first), start(first)]);
    expect([a.number, b.number].sort()).toEqual([before + 1, before + 2]);
    await Promise.all([t.runUntilEnded(a.id), t.runUntilEnded(b.id)]);
  });

  it('numbers the runs made before migration 022 in the order they were created', async () => {
    const runs = await listed(first);
    // The oldest run made last: the backfill follows created_at, not the id.
    const newest = runs[0].id;
    await t.db.query(`UPDATE experiment_runs SET created_at = created_at - interval '1 day' WHERE id = $1`, [newest]);
    await t.db.exec(`DROP TRIGGER experiment_runs_numbered ON experiment_runs; DROP FUNCTION number_run();
      ALTER TABLE experiment_runs DROP COLUMN number; ALTER TABLE experiments DROP COLUMN runs_numbered`);
    await t.db.query('DELETE FROM schema_migrations WHERE version = 22');
    expect(await migrate(t.db)).toEqual(['022_run_numbers.sql']);

    const after = await listed(first);
    expect(after.find((run) => run.id === newest)?.number).toBe(1);
    expect(after.map((run) => run.number).sort()).toEqual(runs.map((_, index) => index + 1));
    expect((await listed(second)).map((run) => run.number)).toEqual([1]);
    // New runs go on from there.
    expect((await start(first)).number).toBe(runs.length + 1);
  });
});
