// Imports leave no rows in their search index's pending list: every search would scan it, and PGlite
// has no autovacuum to merge it later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergePendingRows } from '../../server/db/search-indexes';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { multipart } from './helpers/multipart';

const ENTRIES_CSV = ['input,datasets', ...Array.from({ length: 300 }, (_, i) => `red velvet sofa ${i},Merge test`)].join('\n');
const CATALOGUE_CSV = ['product_id,name', ...Array.from({ length: 300 }, (_, i) => `m${i},Oak table ${i}`)].join('\n');

describe.each(backends)('search indexes after imports (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  async function upload(url: string, csv: string) {
    const { payload, contentType } = await multipart([['file', { file: csv }]]);
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { ...(await t.auth()), 'content-type': contentType } });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('a bulk upload of entries leaves nothing pending, and searches find its entries', async () => {
    await mergePendingRows(t.db, 'entries');
    await upload('/api/service/dataset-entries/bulk-upload', ENTRIES_CSV);
    expect(await mergePendingRows(t.db, 'entries')).toBe(0);
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/service/dataset-entries/?page=1&page_size=5&search=velvet%20sofa%20299',
      headers: await t.auth(),
    });
    expect(found.json().map((entry: { input: string }) => entry.input)).toEqual(['red velvet sofa 299']);
  });

  it('a catalogue import leaves nothing pending', async () => {
    await mergePendingRows(t.db, 'products');
    await upload('/api/backend/catalogue/import', CATALOGUE_CSV);
    expect(await mergePendingRows(t.db, 'products')).toBe(0);
  });

  it('rows written one by one do collect in the pending list (what the imports clear)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/service/dataset-entries/',
      headers: await t.auth(),
      payload: { input: 'single oak lamp' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await mergePendingRows(t.db, 'entries')).toBeGreaterThan(0);
  });
});
