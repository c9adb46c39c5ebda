import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

// Ids in paths and integers in query strings are written with digits only (README): Ajv's type
// coercion alone would read 0x10 as 16 and 1e3 as 1000.
describe.each(backends)('integers written as text (%s)', (backend) => {
  let t: TestApp;
  let headers: { authorization: string };
  let datasetIds: number[];
  beforeAll(async () => {
    t = await startTestApp(backend);
    headers = await t.auth();
    datasetIds = [];
    for (let i = 1; i <= 16; i++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/service/datasets/',
        headers,
        payload: { name: `Dataset ${i}`, description: 'x' },
      });
      datasetIds.push(created.json().id);
    }
  }, 60_000);
  afterAll(() => t?.close());

  const datasetCount = async () => Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM datasets')).rows[0].n);

  it.each(['0x10', '1e1', '+1', '00001', '1.0', ' 1', '1 ', '0b1', '1_0'])(
    'refuses the path id %j with a 400 naming params.id, and deletes nothing',
    async (id) => {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/service/datasets/${encodeURIComponent(id)}`, headers });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe('params.id must be written with digits only');
      expect(await datasetCount()).toBe(16);
    },
  );

  it('still reads plain digits', async () => {
    const id = datasetIds[15];
    expect((await t.app.inject({ method: 'GET', url: `/api/service/datasets/${id}`, headers })).statusCode).toBe(200);
  });

  it.each(['?page=0x2', '?page_size=1e1', '?page=+1', '?page=01'])('refuses the query %s with a 400 naming the field', async (query) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/service/datasets/${query}`, headers });
    expect(response.statusCode, response.body).toBe(400);
    const field = query.slice(1, query.indexOf('='));
    expect(response.json().message).toBe(`querystring.${field} must be written with digits only`);
  });

  it('refuses a written-out id in a two-id path', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/service/dataset-entry-mappings/${datasetIds[0]}/0x1`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe('params.entryId must be written with digits only');
  });
});
