/**
 * Entry search reads a lowercased copy of each input (entry_search_texts), kept by triggers: whatever wrote
 * the entry (the API, the bulk upload's COPY, an edit, a delete), a search finds what the entries hold now,
 * in any case. Migration 041 fills the copy for entries written before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/storage/migrate';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const BASE = '/api/service/dataset-entries/';

describe.each(backends)('entry search texts on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  /** The inputs a search finds, newest first, and its total. */
  async function found(search: string, more = '') {
    const response = await t.call('GET', `${BASE}?search=${encodeURIComponent(search)}${more}`);
    expect(response.statusCode, response.body).toBe(200);
    return { inputs: response.json().map((e: { input: string }) => e.input), total: response.headers['x-total-count'] };
  }

  /** Entries whose search text is missing or is not their input lowercased: none, whatever was written. */
  async function outOfStep() {
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dataset_entries e FULL JOIN entry_search_texts s ON s.id = e.id
       WHERE e.id IS NULL OR s.id IS NULL OR s.text <> lower(e.input)`,
    );
    return rows[0].n;
  }

  it('follows entries created, edited and deleted through the API', async () => {
    const created = (await t.call('POST', BASE, { input: 'Velvet SOFA' })).json();
    expect(await found('sofa')).toEqual({ inputs: ['Velvet SOFA'], total: '1' });
    expect(await found('VELVET')).toEqual({ inputs: ['Velvet SOFA'], total: '1' });

    const edited = await t.call('PUT', `${BASE}${created.id}`, { input: 'Oak Table' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await found('velvet')).toEqual({ inputs: [], total: '0' });
    expect(await found('oak TABLE')).toEqual({ inputs: ['Oak Table'], total: '1' });

    expect((await t.call('DELETE', `${BASE}${created.id}`)).statusCode).toBe(204);
    expect(await found('oak')).toEqual({ inputs: [], total: '0' });
    expect(await outOfStep()).toBe(0);
  });

  it('follows the bulk upload, within a dataset and outside it', async () => {
    const csv = 'input,datasets\nLinen CURTAIN,Windows\nlinen sheet,Beds\nWool Rug,Windows\n';
    const response = await t.upload(`${BASE}bulk-upload`, [['file', { file: Buffer.from(csv), filename: 'up.csv' }]]);
    expect(response.statusCode, response.body).toBe(200);
    const windows = (await t.call('GET', '/api/service/datasets/?page=1&page_size=100'))
      .json()
      .find((d: { name: string }) => d.name === 'Windows');
    expect(await found('LINEN')).toEqual({ inputs: ['linen sheet', 'Linen CURTAIN'], total: '2' });
    expect(await found('linen', `&in_dataset=${windows.id}`)).toEqual({ inputs: ['Linen CURTAIN'], total: '1' });
    expect(await found('linen', `&not_in_dataset=${windows.id}`)).toEqual({ inputs: ['linen sheet'], total: '1' });
    expect(await outOfStep()).toBe(0);
  });

  it('migration 041 fills the texts of entries written before it, and drops the entries’ own trigram index', async () => {
    // The database as it was before 041, with entries written then.
    await t.db.exec(`
      DROP TRIGGER dataset_entries_search_in ON dataset_entries;
      DROP TRIGGER dataset_entries_search_changed ON dataset_entries;
      DROP TRIGGER dataset_entries_search_out ON dataset_entries;
      DROP FUNCTION keep_entry_search_texts();
      DROP TABLE entry_search_texts;
      CREATE INDEX dataset_entries_input_trgm_idx ON dataset_entries USING gin (input gin_trgm_ops);
      INSERT INTO dataset_entries (input) VALUES ('Walnut Shelf'), ('walnut DESK');`);
    await t.db.query('DELETE FROM schema_migrations WHERE version = 41');
    expect(await migrate(t.db)).toEqual(['041_entry_search_texts.sql']);

    expect(await found('WALNUT')).toEqual({ inputs: ['walnut DESK', 'Walnut Shelf'], total: '2' });
    expect(await outOfStep()).toBe(0);
    const { rows } = await t.db.query(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'dataset_entries' AND indexdef LIKE '%gin_trgm_ops%'`,
    );
    expect(rows).toEqual([]);
  });
});
