import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

describe.each(backends)('dataset entries API on %s', (backend) => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp(backend);
    headers = await t.auth();
  });
  afterAll(() => t.close());

  const base = '/api/service/dataset-entries/';
  const create = (payload: unknown) => t.app.inject({ method: 'POST', url: base, headers, payload: payload as object });
  const get = (id: number | string) => t.app.inject({ method: 'GET', url: `${base}${id}`, headers });

  it('creates an entry with metadata and answers it with its datasets', async () => {
    const response = await create({ input: 'blue velvet sofa', input_metadata: { locale: 'en-GB', tags: ['sofa'] } });
    expect(response.statusCode).toBe(201);
    const entry = response.json();
    expect(entry).toMatchObject({
      input: 'blue velvet sofa',
      input_metadata: { locale: 'en-GB', tags: ['sofa'] },
      description: 'blue velvet sofa',
      datasets: [],
    });
    expect(entry.created_at).toBe(entry.updated_at);
    expect((await get(entry.id)).json()).toEqual(entry);
    const stored = await t.db.query('SELECT input_metadata FROM dataset_entries WHERE id = $1', [entry.id]);
    expect(stored.rows[0]).toEqual({ input_metadata: { locale: 'en-GB', tags: ['sofa'] } });
  });

  it('accepts absent or null metadata as none', async () => {
    expect((await create({ input: 'lamp' })).json().input_metadata).toBeNull();
    expect((await create({ input: 'lamp', input_metadata: null })).json().input_metadata).toBeNull();
  });

  it('falls back to the first 50 characters of the input plus an ellipsis for the description', async () => {
    const input = 'extra large outdoor waterproof patio furniture cover for sectional sofa';
    const entry = (await create({ input })).json();
    expect(entry.description).toBe(`${input.slice(0, 50)}\u2026`);
    const described = (await create({ input, description: 'Patio covers' })).json();
    expect(described.description).toBe('Patio covers');
  });

  it.each([
    [{ input: '' }, 'body.input must not be empty'],
    [{ input: '   \n' }, 'body.input must not be blank'],
    [{ input_metadata: {} }, 'body.input is required'],
    [{ input: 'x', input_metadata: [1, 2] }, 'body.input_metadata must be object,null'],
    [{ input: 'x', input_metadata: 'not json' }, 'body.input_metadata must be object,null'],
    [{ input: 'x', input_metadata: 5 }, 'body.input_metadata must be object,null'],
  ])('refuses %j with a message naming the field', async (payload, message) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Bad Request', message });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: base,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"input": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Bad Request');
  });

  it('lists entries newest first with their datasets sorted by name and the total', async () => {
    await t.db.exec('DELETE FROM dataset_entries; DELETE FROM datasets');
    const { rows: sets } = await t.db.query<{ id: number; name: string }>(
      `INSERT INTO datasets (name, description) VALUES ('Zebra', 'd'), ('Alpha', 'd') RETURNING id, name`,
    );
    const older = (await create({ input: 'older' })).json();
    const newer = (await create({ input: 'newer' })).json();
    await t.db.query('INSERT INTO dataset_entry_mappings VALUES ($1, $3), ($2, $3)', [sets[0].id, sets[1].id, older.id]);
    const response = await t.app.inject({ method: 'GET', url: base, headers });
    expect(response.headers['x-total-count']).toBe('2');
    const entries = response.json();
    expect(entries.map((e: { input: string }) => e.input)).toEqual(['newer', 'older']);
    expect(entries[0].datasets).toEqual([]);
    expect(entries[1].datasets).toEqual([
      { id: sets[1].id, name: 'Alpha' },
      { id: sets[0].id, name: 'Zebra' },
    ]);
    expect(newer.id).toBeGreaterThan(older.id);
    const paged = await t.app.inject({ method: 'GET', url: `${base}?page=2&page_size=1`, headers });
    expect(paged.json().map((e: { input: string }) => e.input)).toEqual(['older']);
    expect((await t.app.inject({ method: 'GET', url: `${base}?page_size=5000`, headers })).statusCode).toBe(400);
  });

  it('filters by dataset membership and input text, with the filtered total', async () => {
    await t.db.exec('DELETE FROM dataset_entries; DELETE FROM datasets');
    const { rows: sets } = await t.db.query<{ id: number }>(
      `INSERT INTO datasets (name, description) VALUES ('Sofas', 'd'), ('Lamps', 'd') RETURNING id`,
    );
    const ids: Record<string, number> = {};
    for (const input of ['Red velvet sofa', 'blue sofa bed', 'RED lamp', 'floor lamp', '100% wool rug']) {
      ids[input] = (await create({ input })).json().id;
    }
    await t.db.query('INSERT INTO dataset_entry_mappings VALUES ($1, $2), ($1, $3), ($4, $5)', [
      sets[0].id,
      ids['Red velvet sofa'],
      ids['blue sofa bed'],
      sets[1].id,
      ids['RED lamp'],
    ]);
    const list = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `${base}?${query}`, headers });
      expect(response.statusCode).toBe(200);
      return { inputs: response.json().map((e: { input: string }) => e.input), total: response.headers['x-total-count'] };
    };
    expect(await list(`in_dataset=${sets[0].id}`)).toEqual({ inputs: ['blue sofa bed', 'Red velvet sofa'], total: '2' });
    expect(await list(`not_in_dataset=${sets[0].id}`)).toEqual({
      inputs: ['100% wool rug', 'floor lamp', 'RED lamp'],
      total: '3',
    });
    expect(await list('search=red')).toEqual({ inputs: ['RED lamp', 'Red velvet sofa'], total: '2' });
    expect(await list(`search=%20Red%20&not_in_dataset=${sets[0].id}`)).toEqual({ inputs: ['RED lamp'], total: '1' });
    // The text is matched literally: % and _ are not wildcards.
    expect(await list('search=%25')).toEqual({ inputs: ['100% wool rug'], total: '1' });
    expect(await list(`in_dataset=${sets[0].id}&page=2&page_size=1`)).toEqual({ inputs: ['Red velvet sofa'], total: '2' });
    expect(await list(`in_dataset=${sets[1].id}&search=sofa`)).toEqual({ inputs: [], total: '0' });
    for (const bad of ['in_dataset=0', 'not_in_dataset=abc', 'colour=red']) {
      expect((await t.app.inject({ method: 'GET', url: `${base}?${bad}`, headers })).statusCode).toBe(400);
    }
  });

  it('replaces input and metadata on PUT, keeping description, datasets and created_at', async () => {
    const entry = (await create({ input: 'oak table', input_metadata: { a: 1 }, description: 'Tables' })).json();
    const { rows } = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Tables', 'd') RETURNING id`);
    await t.db.query('INSERT INTO dataset_entry_mappings VALUES ($1, $2)', [rows[0].id, entry.id]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await t.app.inject({
      method: 'PUT',
      url: `${base}${entry.id}`,
      headers,
      payload: { input: 'oak dining table', input_metadata: null },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      id: entry.id,
      input: 'oak dining table',
      input_metadata: null,
      description: 'Tables',
      datasets: [{ id: rows[0].id, name: 'Tables' }],
      created_at: entry.created_at,
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(entry.updated_at));
  });

  it('answers 404 for PUT, GET and DELETE of a missing entry and 400 for a bad id', async () => {
    const put = await t.app.inject({ method: 'PUT', url: `${base}987654`, headers, payload: { input: 'x' } });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Dataset entry 987654 not found');
    expect((await get(987654)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}987654`, headers })).statusCode).toBe(404);
    expect((await get('abc')).statusCode).toBe(400);
  });

  it('deletes an entry with its mappings, keeping its datasets', async () => {
    const entry = (await create({ input: 'rug' })).json();
    const { rows } = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Rugs', 'd') RETURNING id`);
    await t.db.query('INSERT INTO dataset_entry_mappings VALUES ($1, $2)', [rows[0].id, entry.id]);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}${entry.id}`, headers })).statusCode).toBe(204);
    expect((await get(entry.id)).statusCode).toBe(404);
    expect((await t.db.query('SELECT 1 FROM dataset_entry_mappings WHERE dataset_entry_id = $1', [entry.id])).rows).toEqual([]);
    expect((await t.db.query('SELECT 1 FROM datasets WHERE id = $1', [rows[0].id])).rows).toHaveLength(1);
  });
});
