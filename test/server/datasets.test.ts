import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

describe.each(backends)('datasets API on %s', (backend) => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp(backend);
    headers = await t.auth();
  });
  afterAll(() => t.close());

  const create = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/service/datasets/', headers, payload: payload as object });
  const list = (query = '') => t.app.inject({ method: 'GET', url: `/api/service/datasets/${query}`, headers });

  it('creates a dataset with trimmed fields and server timestamps', async () => {
    const response = await create({ name: '  Sofas UK ', description: ' Queries about sofas ' });
    expect(response.statusCode).toBe(201);
    const dataset = response.json();
    expect(dataset).toMatchObject({ name: 'Sofas UK', description: 'Queries about sofas' });
    expect(Number.isInteger(dataset.id)).toBe(true);
    expect(dataset.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    const stored = await t.db.query('SELECT name, description FROM datasets WHERE id = $1', [dataset.id]);
    expect(stored.rows).toEqual([{ name: 'Sofas UK', description: 'Queries about sofas' }]);
    const fetched = await t.app.inject({ method: 'GET', url: `/api/service/datasets/${dataset.id}`, headers });
    expect(fetched.json()).toEqual(dataset);
  });

  it('creates a dataset with a name alone: its description may be left out or blank', async () => {
    const bare = await create({ name: 'Bare lamps' });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json()).toMatchObject({ name: 'Bare lamps', description: '' });
    const blank = await create({ name: 'Rugs', description: ' \t ' });
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json()).toMatchObject({ name: 'Rugs', description: '' });
  });

  it.each([
    [{ name: '   ', description: 'x' }, 'body.name must not be blank'],
    [{ description: 'x' }, 'body.name is required'],
    [{ name: 'a|b', description: 'x' }, 'body.name may not contain "|" (it separates dataset names in CSV uploads)'],
    [{ name: 42, description: 'x' }, 'body.name must be string'],
    [{ name: 'ok', description: 'x', owner: 'me' }, 'body has an unknown field "owner"'],
  ])('refuses %j with a message naming the field', async (payload, message) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Bad Request', message });
  });

  it('refuses a duplicate name (case-sensitive) with 409', async () => {
    expect((await create({ name: 'Lamps', description: 'first' })).statusCode).toBe(201);
    const duplicate = await create({ name: ' Lamps', description: 'second' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: 'Conflict', message: 'A dataset named "Lamps" already exists' });
    expect((await create({ name: 'lamps', description: 'other case' })).statusCode).toBe(201);
  });

  it('lists newest first with the exact total, paged', async () => {
    await t.db.exec('DELETE FROM datasets');
    // Same timestamp for all: ties break by id, newest (highest) first.
    await t.db.query(`INSERT INTO datasets (name, description, created_at)
      SELECT 'set ' || n, 'd', '2026-01-01T00:00:00Z' FROM generate_series(1, 45) AS n`);
    await t.db.query(`INSERT INTO datasets (name, description, created_at) VALUES ('oldest', 'd', '2020-01-01T00:00:00Z')`);
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('46');
    const names = first.json().map((d: { name: string }) => d.name);
    expect(names).toHaveLength(20);
    expect(names.slice(0, 2)).toEqual(['set 45', 'set 44']);
    const third = (await list('?page=3&page_size=20')).json();
    expect(third.map((d: { name: string }) => d.name)).toEqual(['set 5', 'set 4', 'set 3', 'set 2', 'set 1', 'oldest']);
    // A page past the end is empty and still says how many there are.
    const past = await list('?page=9');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('46');
    expect((await list('?page=1&page_size=1000')).json()).toHaveLength(46);
  });

  it("counts each listed dataset's entries and finds datasets by a part of the name, ignoring case", async () => {
    await t.db.exec('DELETE FROM datasets');
    const sofas = (await create({ name: 'Sofas UK', description: 'd' })).json();
    const beds = (await create({ name: 'Beds UK', description: 'd' })).json();
    await create({ name: 'Lamps', description: 'd' });
    const { rows } = await t.db.query<{ id: number }>(`INSERT INTO dataset_entries (input)
      SELECT 'query ' || n FROM generate_series(1, 3) AS n RETURNING id`);
    for (const { id } of rows) await t.db.query('INSERT INTO dataset_entry_mappings VALUES ($1, $2)', [sofas.id, id]);
    await t.db.query('INSERT INTO dataset_entry_mappings VALUES ($1, $2)', [beds.id, rows[0].id]);

    const all = await list();
    expect(all.json().map((d: { name: string; entry_count: number }) => [d.name, d.entry_count])).toEqual([
      ['Lamps', 0],
      ['Beds UK', 1],
      ['Sofas UK', 3],
    ]);
    const found = await list('?search=%20uk%20&page_size=1');
    expect(found.headers['x-total-count']).toBe('2');
    expect(found.json()).toEqual([{ ...beds, entry_count: 1 }]);
    const pastFound = await list('?search=uk&page=3&page_size=1');
    expect(pastFound.json()).toEqual([]);
    expect(pastFound.headers['x-total-count']).toBe('2');
    const none = await list('?search=chairs');
    expect(none.headers['x-total-count']).toBe('0');
    expect(none.json()).toEqual([]);
    // A blank search is no filter.
    expect((await list('?search=%20')).headers['x-total-count']).toBe('3');
  });

  it('has an index led by dataset_id for the per-dataset counts (a million mappings stay fast)', async () => {
    const { rows } = await t.db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'dataset_entry_mappings'`);
    expect(rows.some(({ indexdef }) => /\(dataset_id[,)]/.test(indexdef))).toBe(true);
  });

  it.each(['?page_size=0', '?page_size=1001', '?page=0', '?page=abc', '?page_size=2.5', '?colour=red'])(
    'refuses the query %s with 400',
    async (query) => {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^querystring/);
    },
  );

  it('answers 404 for a missing dataset and 400 for an id that is not a positive integer', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/service/datasets/999999', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not Found', message: 'Dataset 999999 not found' });
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/service/datasets/${id}`, headers });
      expect(response.statusCode, id).toBe(400);
    }
  });

  it('refuses to delete a dataset that experiments use, naming the dataset and the experiments', async () => {
    const dataset = (await create({ name: 'Sofas FR', description: 'd' })).json();
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO evaluation_scripts (name, script_class, script_module) VALUES ('nDCG', 'Ndcg', 'metrics') RETURNING id`,
    );
    const addExperiment = async (name: string) => {
      const added = await t.db.query<{ id: number }>(
        'INSERT INTO experiments (name, evaluation_script_id, dataset_id) VALUES ($1, $2, $3) RETURNING id',
        [name, rows[0].id, dataset.id],
      );
      return { id: added.rows[0].id, name };
    };
    const remove = () => t.app.inject({ method: 'DELETE', url: `/api/service/datasets/${dataset.id}`, headers });

    const baseline = await addExperiment('BM25 baseline');
    const one = await remove();
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({
      error: 'Conflict',
      message: 'Dataset "Sofas FR" cannot be deleted: the experiment "BM25 baseline" uses it.',
      details: { experiments: [baseline], experiment_count: 1 },
    });

    const vector = await addExperiment('Vector search');
    expect((await remove()).json().message).toBe(
      'Dataset "Sofas FR" cannot be deleted: the experiments "BM25 baseline" and "Vector search" use it.',
    );
    for (const n of [1, 2, 3, 4, 5]) await addExperiment(`Tuned ${n}`);
    const seven = (await remove()).json();
    expect(seven.message).toBe(
      'Dataset "Sofas FR" cannot be deleted: the experiments "BM25 baseline", "Tuned 1", "Tuned 2", "Tuned 3", "Tuned 4", and 2 more use it.',
    );
    expect(seven.details.experiment_count).toBe(7);
    expect(seven.details.experiments).toContainEqual(baseline);
    expect(seven.details.experiments).not.toContainEqual(vector);
    expect((await t.db.query('SELECT 1 FROM datasets WHERE id = $1', [dataset.id])).rows).toHaveLength(1);
  });

  it('deletes a dataset with its mappings but keeps the entries', async () => {
    const dataset = (await create({ name: 'Chairs', description: 'd' })).json();
    const { rows } = await t.db.query<{ id: number }>(`INSERT INTO dataset_entries (input) VALUES ('office chair') RETURNING id`);
    await t.db.query('INSERT INTO dataset_entry_mappings VALUES ($1, $2)', [dataset.id, rows[0].id]);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/service/datasets/${dataset.id}`, headers });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await t.db.query('SELECT 1 FROM dataset_entry_mappings WHERE dataset_id = $1', [dataset.id])).rows).toEqual([]);
    expect((await t.db.query('SELECT 1 FROM dataset_entries WHERE id = $1', [rows[0].id])).rows).toHaveLength(1);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/service/datasets/${dataset.id}`, headers });
    expect(again.statusCode).toBe(404);
  });
});
