// A golden-set upload answers what it judges that the rest lacks: queries no dataset entry asks (matched as
// runs match them, case and spaces aside) and products not in the catalogue, counted, the first 20 named,
// and the full lists as downloads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

describe.each(backends)('golden-set upload warnings (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const entries = await t.upload('/api/service/dataset-entries/bulk-upload', [['file', { file: 'input\nRed Sofa\n' }]]);
    expect(entries.statusCode, entries.body).toBe(200);
    const products = await t.upload('/api/backend/catalogue/import', [['file', { file: 'product_id,name\nP1,Sofa\n', filename: 'p.csv' }]]);
    expect(products.statusCode, products.body).toBe(200);
  });
  afterAll(() => t?.close());

  const missing = Array.from({ length: 25 }, (_, i) => `M${String(i).padStart(2, '0')}`);
  const csv = [
    'query,product_id,relevance',
    '  red   SOFA ,P1,3',
    'Oak Table,P1,1',
    'oak table,P2,0',
    ...missing.map((id) => `=cmd(),${id},2`),
  ].join('\n');

  it('counts and names the queries without an entry and the products not in the catalogue', async () => {
    const response = await t.upload('/api/backend/golden-sets/', [
      ['name', `Warned ${backend}`],
      ['file', { file: csv }],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ query_count: 3, judgement_count: 28 });
    expect(body.warnings.queries_without_entry).toEqual({ count: 2, sample: ['=cmd()', 'Oak Table'] });
    expect(body.warnings.products_not_in_catalogue).toEqual({ count: 26, sample: [...missing, 'P2'].slice(0, 20) });

    const queries = await t.call('GET', `/api/backend/golden-sets/${body.id}/queries-without-entry.csv`);
    expect(queries.statusCode).toBe(200);
    expect(queries.headers['content-disposition']).toContain('queries-without-entry.csv');
    // Formula-safe, as every CSV the server writes.
    expect(queries.body).toBe("\uFEFFquery\r\n'=cmd()\r\nOak Table\r\n");
    const products = await t.call('GET', `/api/backend/golden-sets/${body.id}/products-not-in-catalogue.csv`);
    expect(products.body.split('\r\n').slice(1, -1)).toEqual([...missing, 'P2']);
  });

  it('warns of nothing when every query has an entry and every product is known', async () => {
    const response = await t.upload('/api/backend/golden-sets/', [
      ['name', `Clean ${backend}`],
      ['file', { file: 'query,product_id,relevance\nred sofa,P1,3\n' }],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().warnings).toEqual({
      queries_without_entry: { count: 0, sample: [] },
      products_not_in_catalogue: { count: 0, sample: [] },
    });
  });
});
