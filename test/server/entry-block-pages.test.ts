/**
 * Unsearched entries lists find a deep page through entries kept per block of 1,024 ids (migration 015,
 * server/db/entry-id-blocks.ts; pages within 1,024 rows of an end are read from that end): every page of
 * the list, of a dataset's entries and of the entries not in a dataset must hold what the plain
 * ORDER BY id DESC LIMIT … OFFSET … query gives, through every way entries and mappings change, with ids
 * spread over several blocks and gaps between them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/service';
const BULK_UPLOAD = `${API}/dataset-entries/bulk-upload`;

describe.each(backends)('entry pages by id block (%s)', (backend) => {
  let t: TestApp;

  /** Upload rows `query <from>` … `query <to - 1>`, in Evens, Thirds and Sevenths by their number. */
  function uploadCsv(from: number, to: number, lastRow?: string) {
    const rows = ['input,datasets'];
    for (let i = from; i < to; i++) rows.push(`query ${i},${[2, 3, 7].flatMap((k) => (i % k === 0 ? [DATASET_NAMES[k]] : [])).join('|')}`);
    if (lastRow !== undefined) rows.push(lastRow);
    return rows.join('\n');
  }
  const DATASET_NAMES: Record<number, string> = { 2: 'Evens', 3: 'Thirds', 7: 'Sevenths' };
  const datasetIds = async () => (await t.db.query<{ id: number }>('SELECT id FROM datasets ORDER BY id')).rows.map((r) => Number(r.id));
  const idsWhere = async (sql: string, params: unknown[] = []) =>
    (await t.db.query<{ id: number }>(`SELECT id FROM dataset_entries WHERE ${sql} ORDER BY id`, params)).rows.map((r) => Number(r.id));

  /** Each list's every page, first to last and one beyond, against the plain OFFSET query. */
  async function expectPagesAsPlainQuery(step: string, pageSize = 131) {
    const lists: Array<{ query: string; where: string }> = [{ query: '', where: 'TRUE' }];
    for (const id of await datasetIds()) {
      const mapped = `EXISTS (SELECT 1 FROM dataset_entry_mappings m WHERE m.dataset_id = ${id} AND m.dataset_entry_id = e.id)`;
      lists.push({ query: `&in_dataset=${id}`, where: mapped }, { query: `&not_in_dataset=${id}`, where: `NOT ${mapped}` });
    }
    for (const { query, where } of lists) {
      const total = Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dataset_entries e WHERE ${where}`)).rows[0].n);
      for (let page = 1; page <= Math.ceil(total / pageSize) + 1; page++) {
        const plain = await t.db.query<{ id: number }>(
          `SELECT e.id FROM dataset_entries e WHERE ${where} ORDER BY e.id DESC LIMIT $1 OFFSET $2`,
          [pageSize, (page - 1) * pageSize],
        );
        const response = await t.call('GET', `${API}/dataset-entries/?page=${page}&page_size=${pageSize}${query}`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['x-total-count'], `${step}: total${query}`).toBe(String(total));
        expect(
          response.json<Array<{ id: number }>>().map((entry) => entry.id),
          `${step}: page ${page}${query}`,
        ).toEqual(plain.rows.map((r) => Number(r.id)));
      }
    }
  }

  /** The kept blocks (summed) are each block's entries and each dataset's entries in it, and no more. */
  async function expectBlocksExact(step: string) {
    const kept = await t.db.query(
      `SELECT owner_id::int AS owner, block::int AS block, sum(n)::int AS n FROM entry_id_blocks
       GROUP BY owner_id, block HAVING sum(n) <> 0 ORDER BY 1, 2`,
    );
    const counted = await t.db.query(
      `SELECT 0 AS owner, (id >> 10)::int AS block, count(*)::int AS n FROM dataset_entries GROUP BY 2
       UNION ALL SELECT dataset_id::int, (dataset_entry_id >> 10)::int, count(*)::int FROM dataset_entry_mappings GROUP BY 1, 2
       ORDER BY 1, 2`,
    );
    expect(kept.rows, step).toEqual(counted.rows);
  }

  async function expectExact(step: string, pageSize?: number) {
    await expectBlocksExact(step);
    await expectPagesAsPlainQuery(step, pageSize);
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  it('gives every page of each list as the plain query does through uploads, deletes, creates, mapping changes and a dataset delete', async () => {
    const first = await t.upload(BULK_UPLOAD, [['file', { file: uploadCsv(0, 8_000) }]]);
    expect(first.statusCode, first.body).toBe(200);
    await expectExact('after an upload', 1_000);

    // A gap across a block's edge, and single deletes elsewhere (their mappings go with them).
    for (const id of await idsWhere('id BETWEEN 900 AND 1200 OR id % 97 = 0')) {
      expect((await t.call('DELETE', `${API}/dataset-entries/${id}`)).statusCode).toBe(204);
    }
    await expectExact('after deletes');

    // Refused late: its first chunk was copied (and counted) before the bad row, then all rolled back,
    // leaving the ids it had taken unused.
    const refused = await t.upload(BULK_UPLOAD, [['file', { file: uploadCsv(10_000, 11_500, ',Thirds') }]]);
    expect(refused.statusCode, refused.body).toBe(400);
    await expectExact('after a refused upload');

    const [evens, thirds, sevenths] = await datasetIds();
    const created: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await t.call('POST', `${API}/dataset-entries/`, { input: `new ${i}` });
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json<{ id: number }>().id);
    }
    const mappedTo = (dataset: number) =>
      `EXISTS (SELECT 1 FROM dataset_entry_mappings m WHERE m.dataset_id = ${dataset} AND m.dataset_entry_id = id)`;
    const oldOnes = await idsWhere(`id % 11 = 1 AND id < 2000 AND NOT ${mappedTo(sevenths)}`);
    const added = [...created, ...oldOnes].map((id) => ({ dataset_id: sevenths, dataset_entry_id: id }));
    expect((await t.call('POST', `${API}/dataset-entry-mappings/`, added)).statusCode).toBe(201);
    const unmapped = (await idsWhere(`id % 4 = 0 AND ${mappedTo(evens)}`)).map((id) => ({ dataset_id: evens, dataset_entry_id: id }));
    expect((await t.call('DELETE', `${API}/dataset-entry-mappings/`, unmapped)).statusCode).toBe(200);
    const [oneThird] = await idsWhere(`id > 2000 AND ${mappedTo(thirds)}`);
    expect((await t.call('DELETE', `${API}/dataset-entry-mappings/${thirds}/${oneThird}`)).statusCode).toBe(204);
    await expectExact('after creates and mapping changes');

    const second = await t.upload(BULK_UPLOAD, [['file', { file: uploadCsv(3_000, 4_200) }]]);
    expect(second.statusCode, second.body).toBe(200);
    await expectExact('after a second upload past the gap');

    expect((await t.call('DELETE', `${API}/datasets/${thirds}`)).statusCode).toBe(204);
    await expectExact('after a dataset delete');
    expect((await t.db.query('SELECT 1 FROM entry_id_blocks WHERE owner_id = $1', [thirds])).rows).toEqual([]);
  }, 240_000);

  it('folds the rows many small writes leave into one per block, and pages stay exact', async () => {
    const [evens] = await datasetIds();
    for (let i = 0; i < 80; i++) {
      const response = await t.call('POST', `${API}/dataset-entries/`, { input: `single ${i}` });
      const id = response.json<{ id: number }>().id;
      expect((await t.call('POST', `${API}/dataset-entry-mappings/`, [{ dataset_id: evens, dataset_entry_id: id }])).statusCode).toBe(201);
    }
    await expectBlocksExact('before folding');
    // Reading a page through the blocks (one away from both ends) folds its list's blocks.
    for (const query of [`not_in_dataset=${evens}`, `in_dataset=${evens}`]) {
      const total = Number((await t.call('GET', `${API}/dataset-entries/?page_size=1&${query}`)).headers['x-total-count']);
      expect((await t.call('GET', `${API}/dataset-entries/?page=${Math.ceil(total / 20)}&page_size=10&${query}`)).statusCode).toBe(200);
    }
    const rows = await t.db.query<{ owner: number; rows: number; blocks: number }>(
      `SELECT owner_id::int AS owner, count(*)::int AS rows, count(DISTINCT block)::int AS blocks FROM entry_id_blocks
       WHERE owner_id IN (0, $1) GROUP BY owner_id ORDER BY owner_id`,
      [evens],
    );
    for (const { owner, rows: parts, blocks } of rows.rows) expect(parts, `owner ${owner}`).toBe(blocks);
    await expectExact('after folding');
  }, 120_000);
});
