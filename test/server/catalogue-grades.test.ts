// The Catalogue page's search with a golden set: each ranked product carries the grade the set gives it for
// the search text's query key (trimmed, white space collapsed, lower-cased), as a run looks grades up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import type { Part } from './helpers/multipart';

const API = '/api/backend';

const CATALOGUE = [
  'product_id,name,description',
  'p1,Red velvet sofa,A sofa in red velvet',
  'p2,Blue sofa,',
  'p3,Red armchair,',
  'p4,Oak coffee table,',
].join('\n');
// For 'sofa', p1 is judged 0 (judged, not relevant): a grade of 0, not null.
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'Coffee Table,p4,2', 'sofa,p2,1', 'sofa,p1,0'].join('\n');

type Graded = { product_id: string; score: number; grade?: number | null };

describe.each(backends)('catalogue search graded by a golden set (%s)', (backend) => {
  let t: TestApp;
  let goldenSetId: number;

  const get = (url: string) => t.call('GET', `${API}/catalogue/products/${url}`);

  async function upload(url: string, parts: Array<[string, Part]>) {
    const response = await t.upload(`${API}${url}`, parts);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ id: number }>();
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    await upload('/catalogue/import', [['file', { file: CATALOGUE }]]);
    goldenSetId = (
      await upload('/golden-sets/', [
        ['name', 'Catalogue grades'],
        ['file', { file: JUDGEMENTS }],
      ])
    ).id;
  }, 60_000);
  afterAll(() => t?.close());

  const grades = (results: Graded[]) => Object.fromEntries(results.map((product) => [product.product_id, product.grade]));

  it('grades each ranked product by the query key of the search text; null when not judged', async () => {
    const response = await get(`?search=${encodeURIComponent('  Red   SOFA ')}&golden_set_id=${goldenSetId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { count, results } = response.json<{ count: number; results: Graded[] }>();
    expect(count).toBe(1);
    expect(grades(results)).toEqual({ p1: 3 });
    expect(results[0].score).toBeGreaterThan(0);

    // 'red or table' is a query of its own: the set does not judge it.
    const either = (await get(`?search=${encodeURIComponent('red or table')}&golden_set_id=${goldenSetId}`)).json<{ results: Graded[] }>();
    expect(grades(either.results)).toEqual({ p1: null, p3: null, p4: null });
  });

  it('keeps a grade of 0 apart from not judged', async () => {
    const { results } = (await get(`?search=sofa&golden_set_id=${goldenSetId}`)).json<{ results: Graded[] }>();
    expect(grades(results)).toEqual({ p1: 0, p2: 1 });
  });

  it('matches judgements stored under another spelling of the same query key', async () => {
    const { results } = (await get(`?search=coffee%20table&golden_set_id=${goldenSetId}`)).json<{ results: Graded[] }>();
    expect(grades(results)).toEqual({ p4: 2 });
  });

  it('leaves the grade out without a golden set, and without a search', async () => {
    const searched = (await get('?search=sofa')).json<{ results: Graded[] }>();
    expect(searched.results.length).toBe(2);
    for (const product of searched.results) expect(product).not.toHaveProperty('grade');

    const listed = await get(`?golden_set_id=${goldenSetId}`);
    expect(listed.statusCode).toBe(200);
    const { count, results } = listed.json<{ count: number; results: Graded[] }>();
    expect(count).toBe(4);
    for (const product of results) {
      expect(product).not.toHaveProperty('grade');
      expect(product).not.toHaveProperty('score');
    }
  });

  it('answers 400 naming golden_set_id for an unknown golden set or a value that is not an id', async () => {
    const unknown = await get('?search=sofa&golden_set_id=999999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('querystring.golden_set_id: golden set 999999 does not exist');

    // Checked even without a search: the address names a golden set that is not there.
    expect((await get('?golden_set_id=999999')).statusCode).toBe(400);

    for (const bad of ['0', '-2', 'abc', '1.5']) {
      const response = await get(`?search=sofa&golden_set_id=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toMatch(/^querystring\.golden_set_id /);
    }
  });

  it('takes the search text as a parameter, never as SQL', async () => {
    const response = await get(`?search=${encodeURIComponent("sofa'); DROP TABLE products; --")}&golden_set_id=${goldenSetId}`);
    expect(response.statusCode).toBe(200);
    expect((await t.db.query('SELECT count(*)::int AS count FROM products')).rows[0]).toEqual({ count: 4 });
  });
});
