// Imports leave their tables as autovacuum would (PGlite has none, and a PostgreSQL may run without it):
// nothing in the search index's pending list, which every search scans; after a large one, statistics
// and a visibility map.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergePendingRows, VACUUM_FROM_ROWS } from '../../server/db/after-import';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const entriesCsv = (rows: number, word: string) =>
  ['input,datasets', ...Array.from({ length: rows }, (_, i) => `red ${word} sofa ${i},Merge test`)].join('\n');
const CATALOGUE_CSV = ['product_id,name', ...Array.from({ length: 300 }, (_, i) => `m${i},Oak table ${i}`)].join('\n');

describe.each(backends)('search indexes after imports (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  async function upload(url: string, csv: string, fields: Array<[string, string]> = [], status = 200) {
    const response = await t.upload(url, [...fields, ['file', { file: csv }]]);
    expect(response.statusCode, response.body).toBe(status);
  }

  /** The planner's row estimate against the table's rows, and its pages marked all-visible. */
  async function upkeep(table: string) {
    const { rows } = await t.db.query<{ reltuples: number; relallvisible: number }>(
      'SELECT reltuples::int AS reltuples, relallvisible FROM pg_class WHERE relname = $1',
      [table],
    );
    const { rows: counted } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    return { ...rows[0], rows: counted[0].n };
  }

  it('a bulk upload of entries leaves nothing pending, and searches find its entries', async () => {
    await mergePendingRows(t.db, 'entries');
    await upload('/api/service/dataset-entries/bulk-upload', entriesCsv(300, 'velvet'));
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

  it('a large upload leaves its tables analyzed and their pages marked all-visible', async () => {
    await upload('/api/service/dataset-entries/bulk-upload', entriesCsv(VACUUM_FROM_ROWS + 200, 'linen'));
    for (const table of ['dataset_entries', 'dataset_entry_mappings', 'entry_search_texts']) {
      const { reltuples, relallvisible, rows } = await upkeep(table);
      expect(reltuples, table).toBe(rows);
      expect(relallvisible, table).toBeGreaterThan(0);
    }
    expect(await mergePendingRows(t.db, 'entries')).toBe(0);
  });

  it('a large golden set leaves its judgements analyzed and all-visible', async () => {
    const judgements = Array.from({ length: VACUUM_FROM_ROWS + 10 }, (_, i) => `query ${i % 400},m${i % 300},${i % 4}`);
    await upload('/api/backend/golden-sets/', ['query,product_id,relevance', ...judgements].join('\n'), [['name', 'Upkeep']], 201);
    const { reltuples, relallvisible, rows } = await upkeep('golden_set_judgements');
    expect(rows).toBeGreaterThanOrEqual(VACUUM_FROM_ROWS + 10);
    expect(reltuples).toBe(rows);
    expect(relallvisible).toBeGreaterThan(0);
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
