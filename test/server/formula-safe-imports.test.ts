// Every CSV import reads a formula-safe cell ('=x, as exports write =x and spreadsheets save it) the same
// way, so an entry, a judgement and a product written alike in their files are the same query or product.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import type { Part } from './helpers/multipart';

describe.each(backends)('formula-safe cells in every CSV import (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  async function upload(url: string, parts: Array<[string, Part]>) {
    const response = await t.upload(url, parts);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  }
  const get = async (url: string) => {
    const response = await t.call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('counts an entry uploaded as a formula-safe cell judged by a judgement uploaded in the same cell', async () => {
    await upload('/api/service/dataset-entries/bulk-upload', [
      ['file', { file: "input,datasets,description,team\n'=quoted q,'@Quoted,'+desc,'-x\nplain q,'@Quoted,,\n" }],
    ]);
    const set = await upload('/api/backend/golden-sets/', [
      ['name', 'Quoted'],
      ['file', { file: "query,product_id,relevance\n'=quoted q,P1,3\n" }],
    ]);
    const datasets = await t.db.query<{ id: number; name: string }>('SELECT id, name FROM datasets');
    expect(datasets.rows.map((row) => row.name)).toEqual(['@Quoted']);
    expect(await get(`/api/backend/golden-sets/${set.id}/coverage?dataset_id=${datasets.rows[0].id}`)).toEqual({
      queries: 2,
      judged: 1,
      not_judged: ['plain q'],
    });
    const { rows } = await t.db.query("SELECT input, description, input_metadata FROM dataset_entries WHERE input LIKE '%quoted q'");
    expect(rows).toEqual([{ input: '=quoted q', description: '+desc', input_metadata: { team: '-x' } }]);
  });

  it("shows the catalogue's product for a judgement whose product id is written formula-safe in both files", async () => {
    await upload('/api/backend/catalogue/import', [['file', { file: "product_id,name,colour\n'-7,'=Sofa,'@red\n" }]]);
    const set = await upload('/api/backend/golden-sets/', [
      ['name', 'Quoted products'],
      ['file', { file: "query,product_id,relevance\nsofa,'-7,2\n" }],
    ]);
    const judgements = await get(`/api/backend/golden-sets/${set.id}/judgements/?query=sofa`);
    expect(judgements).toMatchObject([{ product_id: '-7', grade: 2, name: '=Sofa' }]);
    const { rows } = await t.db.query('SELECT product_id, name, attributes FROM products');
    expect(rows).toEqual([{ product_id: '-7', name: '=Sofa', attributes: { colour: '@red' } }]);
  });
});
