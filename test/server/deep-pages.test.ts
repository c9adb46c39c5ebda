/**
 * Run results and catalogue products are paged by key from an index, from the nearer end of the list
 * (server/db/page-keys.ts): every page, first to last and one beyond, must hold the rows the plain
 * ORDER BY … OFFSET query gives, in its order, with ties in the sort key too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { multipart } from './helpers/multipart';

const API = '/api/backend';
const PAGE_SIZE = 23;

describe.each(backends)('deep pages (%s)', (backend) => {
  let t: TestApp;
  let headers: { authorization: string };

  const get = (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers });

  beforeAll(async () => {
    t = await startTestApp(backend);
    headers = await t.auth();
  }, 60_000);
  afterAll(() => t?.close());

  it("gives a run's results page by page as the plain query does, scored first, newest first, ties by id", async () => {
    const runId = Number(
      (
        await t.db.query<{ id: number }>(
          `WITH d AS (INSERT INTO datasets (name, description) VALUES ('Deep', '') RETURNING id),
                s AS (SELECT id FROM evaluation_scripts LIMIT 1),
                x AS (INSERT INTO experiments (name, evaluation_script_id, dataset_id, description) SELECT 'Deep', s.id, d.id, '' FROM s, d RETURNING id)
           INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status) SELECT id, 'x', 'success' FROM x RETURNING id`,
        )
      ).rows[0].id,
    );
    // 250 results of every status over 40 distinct times: many share one, so the id decides among them.
    await t.db.query(
      `INSERT INTO experiment_run_results (run_id, entry_id, result, created_at)
       SELECT $1, n, jsonb_build_object('input', 'query ' || n, 'status', (ARRAY['PASS', 'UNJUDGED', 'ERROR', 'FAIL'])[n % 4 + 1]), timestamptz '2026-01-01' + ((n * 7) % 40) * interval '1 minute'
       FROM generate_series(1, 250) AS n`,
      [runId],
    );
    const expected = (
      await t.db.query<{ id: number }>(
        `SELECT id FROM experiment_run_results WHERE run_id = $1
         ORDER BY CASE status WHEN 'PASS' THEN 0 WHEN 'FAIL' THEN 0 WHEN 'UNJUDGED' THEN 1 ELSE 2 END, created_at DESC, id DESC`,
        [runId],
      )
    ).rows.map((r) => Number(r.id));
    const pages = Math.ceil(expected.length / PAGE_SIZE);
    for (let page = 1; page <= pages + 1; page++) {
      const response = await get(`/experiment-runs/${runId}/results?page=${page}&page_size=${PAGE_SIZE}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-total-count']).toBe('250');
      expect(
        response.json<Array<{ id: number }>>().map((r) => r.id),
        `page ${page}`,
      ).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
    }
  });

  it('gives the catalogue page by page in byte order of product_id, as the plain query does', async () => {
    const ids = Array.from({ length: 180 }, (_, i) => [`p${i}`, `P${i}`, `é${i}`, `_${i}`][i % 4]);
    const csv = ['product_id,name', ...ids.map((id) => `${id},Product ${id}`)].join('\n');
    const form = await multipart([['file', { file: csv }]]);
    const imported = await t.app.inject({
      method: 'POST',
      url: `${API}/catalogue/import`,
      payload: form.payload,
      headers: { ...headers, 'content-type': form.contentType },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const expected = (await t.db.query<{ product_id: string }>('SELECT product_id FROM products ORDER BY product_id COLLATE "C"')).rows.map(
      (r) => r.product_id,
    );
    const pages = Math.ceil(expected.length / PAGE_SIZE);
    for (let page = 1; page <= pages + 1; page++) {
      const response = await get(`/catalogue/products/?page=${page}&page_size=${PAGE_SIZE}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ count: number; results: Array<{ product_id: string }> }>();
      expect(body.count).toBe(180);
      expect(
        body.results.map((p) => p.product_id),
        `page ${page}`,
      ).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
    }
  });
});
