/**
 * The lists' totals come from kept counts (migration 008), not from counting rows per request: they
 * must stay exact through every way entries, mappings and datasets change, and a page read by id from
 * either end of the list must hold the rows the old counting query gave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/service';
const BULK_UPLOAD = `${API}/dataset-entries/bulk-upload`;

describe.each(backends)('list totals (%s)', (backend) => {
  let t: TestApp;

  const totalOf = async (url: string) => {
    const response = await t.call('GET', `${API}${url}`);
    expect(response.statusCode, response.body).toBe(200);
    return Number(response.headers['x-total-count']);
  };
  const datasetIds = async () => (await t.db.query<{ id: number }>('SELECT id FROM datasets ORDER BY id')).rows.map((r) => Number(r.id));

  /** Every total the API shows, against a count of the rows themselves. */
  async function expectExactTotals() {
    const counted = async (sql: string, params: unknown[] = []) => Number((await t.db.query<{ n: number }>(sql, params)).rows[0].n);
    const all = await counted('SELECT count(*)::int AS n FROM dataset_entries');
    expect(await totalOf('/dataset-entries/?page_size=1')).toBe(all);
    const listed = (await t.call('GET', `${API}/datasets/?page_size=100`)).json<Array<{ id: number; entry_count: number }>>();
    for (const id of await datasetIds()) {
      const inIt = await counted('SELECT count(*)::int AS n FROM dataset_entry_mappings WHERE dataset_id = $1', [id]);
      expect(await totalOf(`/dataset-entries/?page_size=1&in_dataset=${id}`), `entries in dataset ${id}`).toBe(inIt);
      expect(await totalOf(`/dataset-entries/?page_size=1&not_in_dataset=${id}`), `entries not in dataset ${id}`).toBe(all - inIt);
      expect(listed.find((d) => d.id === id)?.entry_count, `dataset ${id}'s entry_count`).toBe(inIt);
    }
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  it('stay exact through creating, uploading, mapping, unmapping and deleting — and a refused upload changes nothing', async () => {
    await expectExactTotals();
    const uploaded = await t.upload(BULK_UPLOAD, [
      ['file', { file: ['input,datasets', 'red sofa,Sofas|Red', 'blue sofa,Sofas', 'lamp,Lights', 'rug,'].join('\n') }],
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await expectExactTotals();

    const created = await t.call('POST', `${API}/dataset-entries/`, { input: 'oak table' });
    expect(created.statusCode, created.body).toBe(201);
    const entryId = created.json<{ id: number }>().id;
    const [sofas, red, lights] = await datasetIds();
    expect((await t.call('POST', `${API}/dataset-entry-mappings/`, [{ dataset_id: sofas, dataset_entry_id: entryId }])).statusCode).toBe(
      201,
    );
    expect((await t.call('POST', `${API}/dataset-entry-mappings/`, [{ dataset_id: lights, dataset_entry_id: entryId }])).statusCode).toBe(
      201,
    );
    await expectExactTotals();

    expect((await t.call('DELETE', `${API}/dataset-entry-mappings/`, [{ dataset_id: sofas, dataset_entry_id: entryId }])).statusCode).toBe(
      200,
    );
    expect((await t.call('DELETE', `${API}/dataset-entry-mappings/${lights}/${entryId}`)).statusCode).toBe(204);
    await expectExactTotals();

    const redEntry = Number((await t.db.query<{ id: number }>(`SELECT id FROM dataset_entries WHERE input = 'red sofa'`)).rows[0].id);
    // Deleting an entry takes its mappings with it: both datasets it was in count one less.
    expect((await t.call('DELETE', `${API}/dataset-entries/${redEntry}`)).statusCode).toBe(204);
    await expectExactTotals();

    // A late bad row: the whole upload is refused, and no count moves.
    const refused = await t.upload(BULK_UPLOAD, [
      ['file', { file: ['input,datasets', 'chair,Sofas|Chairs', 'desk,Chairs', ',Chairs'].join('\n') }],
    ]);
    expect(refused.statusCode, refused.body).toBe(400);
    await expectExactTotals();

    // Deleting a dataset deletes its mappings, not its entries.
    expect((await t.call('DELETE', `${API}/datasets/${red}`)).statusCode).toBe(204);
    await expectExactTotals();
  });

  it('stay exact when many writes each leave a count row, and after those rows are folded into one', async () => {
    const [sofas] = await datasetIds();
    for (let i = 0; i < 70; i++) {
      const created = await t.call('POST', `${API}/dataset-entries/`, { input: `entry ${i}` });
      const id = created.json<{ id: number }>().id;
      expect((await t.call('POST', `${API}/dataset-entry-mappings/`, [{ dataset_id: sofas, dataset_entry_id: id }])).statusCode).toBe(201);
    }
    await expectExactTotals();
    // Reading folded them: the counts are now one row each and still exact.
    const rows = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM row_counts WHERE (counted = 'entries' AND owner_id = 0) OR (counted = 'dataset' AND owner_id = $1)`,
      [sofas],
    );
    expect(Number(rows.rows[0].n)).toBeLessThanOrEqual(2);
    await expectExactTotals();
  });

  it('gives every page, first to last and beyond, the rows the old counting query gave, with each filter', async () => {
    const rows = ['input,datasets'];
    for (let i = 0; i < 1_234; i++)
      rows.push(`${i % 7 === 0 ? 'Velvet ' : ''}query ${i},${i % 3 === 0 ? 'Thirds' : ''}${i % 5 === 0 ? '|Fifths' : ''}`);
    const uploaded = await t.upload(BULK_UPLOAD, [['file', { file: rows.join('\n') }]]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const thirds = Number((await t.db.query<{ id: number }>(`SELECT id FROM datasets WHERE name = 'Thirds'`)).rows[0].id);
    const fifths = Number((await t.db.query<{ id: number }>(`SELECT id FROM datasets WHERE name = 'Fifths'`)).rows[0].id);

    const filters: Array<{ query: string; where: string }> = [
      { query: '', where: 'TRUE' },
      {
        query: `&in_dataset=${thirds}`,
        where: `EXISTS (SELECT 1 FROM dataset_entry_mappings m WHERE m.dataset_id = ${thirds} AND m.dataset_entry_id = e.id)`,
      },
      {
        query: `&not_in_dataset=${thirds}`,
        where: `NOT EXISTS (SELECT 1 FROM dataset_entry_mappings m WHERE m.dataset_id = ${thirds} AND m.dataset_entry_id = e.id)`,
      },
      { query: '&search=VELVET', where: `strpos(lower(e.input), 'velvet') > 0` },
      {
        query: `&search=velvet&in_dataset=${fifths}&not_in_dataset=${thirds}`,
        where: `strpos(lower(e.input), 'velvet') > 0
          AND EXISTS (SELECT 1 FROM dataset_entry_mappings m WHERE m.dataset_id = ${fifths} AND m.dataset_entry_id = e.id)
          AND NOT EXISTS (SELECT 1 FROM dataset_entry_mappings m WHERE m.dataset_id = ${thirds} AND m.dataset_entry_id = e.id)`,
      },
    ];
    const pageSize = 97;
    for (const { query, where } of filters) {
      const expected = (
        await t.db.query<{ id: number }>(`SELECT e.id FROM dataset_entries e WHERE ${where} ORDER BY e.created_at DESC, e.id DESC`)
      ).rows.map((r) => Number(r.id));
      const pages = Math.ceil(expected.length / pageSize);
      for (let page = 1; page <= pages + 1; page++) {
        const response = await t.call('GET', `${API}/dataset-entries/?page=${page}&page_size=${pageSize}${query}`);
        expect(response.headers['x-total-count'], query).toBe(String(expected.length));
        expect(
          response.json<Array<{ id: number }>>().map((entry) => entry.id),
          `page ${page} of ${pages}${query}`,
        ).toEqual(expected.slice((page - 1) * pageSize, page * pageSize));
      }
    }
  });

  it('finds `%`, `_` and `\\` as text in a search, not as wildcards', async () => {
    for (const input of ['50% off', '50 off', 'a_b', 'axb', 'back\\slash']) {
      expect((await t.call('POST', `${API}/dataset-entries/`, { input })).statusCode).toBe(201);
    }
    const found = async (search: string) =>
      (await t.call('GET', `${API}/dataset-entries/?page_size=100&search=${encodeURIComponent(search)}`))
        .json<Array<{ input: string }>>()
        .map((e) => e.input);
    expect(await found('50%')).toEqual(['50% off']);
    expect(await found('a_b')).toEqual(['a_b']);
    expect(await found('k\\s')).toEqual(['back\\slash']);
  });
});
