// A golden set's coverage of a dataset, counted in SQL on the entries' stored query keys (migration 014):
// the same answer as when the server read every entry and keyed it in JS, after every kind of write, and
// for rows stored without a key (before the migration, or by SQL that leaves the column out).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/storage/migrate';
import { seedDemoData } from '../../server/demo/seed-demo-data';
import { queryKey } from '../../server/evaluation/query-key';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import type { Part } from './helpers/multipart';

/** Judged above 0 in the spelling the set is uploaded in; 'oak table 4' only at 0, which a run does not score. */
const JUDGEMENTS = ['query,product_id,relevance', 'RED SOFA 1,p1,3', 'éclair lamp 2,p2,1', 'Straße rug 3,p3,2', 'oak table 4,p4,0'];
const WORDS = ['red sofa', 'Éclair lamp', 'straße rug', 'oak table', 'İzmir chair'];
/** Spellings the key makes one: case (JS's Unicode rules), runs of spaces, tabs and no-break spaces, edges. */
const SPELLINGS = [
  (q: string) => q,
  (q: string) => q.toUpperCase(),
  (q: string) => `  ${q.replace(' ', ' \t ')}\u00a0`,
  (q: string) => q.replace(' ', '\u00a0'),
  (q: string) => `\t${q[0].toUpperCase()}${q.slice(1)}`,
];

describe.each(backends)("a golden set's coverage of a dataset (%s)", (backend) => {
  let t: TestApp;
  let goldenSetId: number;

  async function upload(url: string, parts: Array<[string, Part]>) {
    const response = await t.upload(url, parts);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  }

  const bulkUpload = (rows: string[]) => upload('/api/service/dataset-entries/bulk-upload', [['file', { file: rows.join('\n') }]]);

  async function coverage(datasetId: number) {
    const response = await t.call('GET', `/api/backend/golden-sets/${goldenSetId}/coverage?dataset_id=${datasetId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ queries: number; judged: number; not_judged: string[] }>();
  }

  /** The answer as the server computed it before migration 014: every entry in id order, keyed in JS. */
  async function readInJs(datasetId: number) {
    const judgedRows = await t.db.query<{ query_key: string }>(
      'SELECT DISTINCT query_key FROM golden_set_judgements WHERE golden_set_id = $1 AND grade > 0',
      [goldenSetId],
    );
    const judgedKeys = new Set(judgedRows.rows.map((row) => row.query_key));
    const entries = await t.db.query<{ input: string }>(
      `SELECT e.input FROM dataset_entries e JOIN dataset_entry_mappings m ON m.dataset_entry_id = e.id
       WHERE m.dataset_id = $1 ORDER BY e.id`,
      [datasetId],
    );
    const seen = new Set<string>();
    const answer = { queries: 0, judged: 0, not_judged: [] as string[] };
    for (const { input } of entries.rows) {
      const key = queryKey(input);
      if (seen.has(key)) continue;
      seen.add(key);
      if (judgedKeys.has(key)) answer.judged++;
      else if (answer.not_judged.length < 1000) answer.not_judged.push(input.trim());
    }
    return { ...answer, queries: seen.size };
  }

  /** Every entry's stored key is the JS key of its input: no writer left it out or computed it another way. */
  async function expectStoredKeys() {
    const { rows } = await t.db.query<{ input: string; query_key: string | null }>('SELECT input, query_key FROM dataset_entries');
    expect(rows.filter((row) => row.query_key !== queryKey(row.input))).toEqual([]);
  }

  const datasetId = async (name: string) =>
    Number((await t.db.query<{ id: number }>('SELECT id FROM datasets WHERE name = $1', [name])).rows[0].id);

  beforeAll(async () => {
    t = await startTestApp(backend);
    goldenSetId = (
      await upload('/api/backend/golden-sets/', [
        ['name', 'Coverage set'],
        ['file', { file: JUDGEMENTS.join('\n') }],
      ])
    ).id;
  }, 60_000);
  afterAll(() => t?.close());

  it('gives the answer of reading every entry in JS for a few hundred bulk-uploaded spellings of fewer queries', async () => {
    const rows = ['input,datasets'];
    for (let i = 0; i < 300; i++) {
      const input = SPELLINGS[Math.floor(i / WORDS.length) % SPELLINGS.length](`${WORDS[i % WORDS.length]} ${i % 37}`);
      rows.push(`"${input}",${i % 4 === 0 ? 'Spellings|Elsewhere' : i % 4 === 1 ? 'Elsewhere' : 'Spellings'}`);
    }
    await bulkUpload(rows);
    await expectStoredKeys();
    const id = await datasetId('Spellings');
    const answer = await coverage(id);
    expect(answer).toEqual(await readInJs(id));
    // 225 entries in the dataset, 52 of its queries in more than one spelling: each query counted once.
    expect(answer.queries).toBe(173);
    expect(answer.judged).toBe(3);
    expect(answer.not_judged).toContain('oak table 4');
    expect(answer.not_judged.every((query) => query === query.trim())).toBe(true);
  });

  it('follows entry edits and deletions, mappings added and removed, and uploads', async () => {
    const dataset = await t.call('POST', '/api/service/datasets/', { name: 'Edits', description: 'Entries edited one at a time' });
    expect(dataset.statusCode, dataset.body).toBe(201);
    const id = dataset.json().id as number;
    const entryIds: number[] = [];
    for (const input of ['Red Sofa 1', 'red  sofa 1', 'floor lamp']) {
      const entry = (await t.call('POST', '/api/service/dataset-entries/', { input })).json().id as number;
      entryIds.push(entry);
      await t.call('POST', '/api/service/dataset-entry-mappings/', [{ dataset_id: id, dataset_entry_id: entry }]);
    }
    const [a, b, c] = entryIds;
    expect(await coverage(id)).toEqual({ queries: 2, judged: 1, not_judged: ['floor lamp'] });

    // Its input changed, the second entry is another query, listed at its place in entry order.
    expect((await t.call('PUT', `/api/service/dataset-entries/${b}`, { input: ' Blue Chair ' })).statusCode).toBe(200);
    expect(await coverage(id)).toEqual({ queries: 3, judged: 1, not_judged: ['Blue Chair', 'floor lamp'] });
    expect((await t.call('PUT', `/api/service/dataset-entries/${a}`, { input: 'Blue chair' })).statusCode).toBe(200);
    expect(await coverage(id)).toEqual({ queries: 2, judged: 0, not_judged: ['Blue chair', 'floor lamp'] });

    expect((await t.call('DELETE', `/api/service/dataset-entries/${c}`)).statusCode).toBe(204);
    expect(await coverage(id)).toEqual({ queries: 1, judged: 0, not_judged: ['Blue chair'] });
    expect((await t.call('DELETE', `/api/service/dataset-entry-mappings/${id}/${a}`)).statusCode).toBe(204);
    expect(await coverage(id)).toEqual({ queries: 1, judged: 0, not_judged: ['Blue Chair'] });
    expect((await t.call('POST', '/api/service/dataset-entry-mappings/', [{ dataset_id: id, dataset_entry_id: a }])).statusCode).toBe(201);
    expect(await coverage(id)).toEqual({ queries: 1, judged: 0, not_judged: ['Blue chair'] });

    await bulkUpload(['input,datasets', '"  RED   sofa 1 ",Edits', 'floor lamp,Edits', 'Floor  Lamp,Edits']);
    expect(await coverage(id)).toEqual({ queries: 3, judged: 1, not_judged: ['Blue chair', 'floor lamp'] });
    await expectStoredKeys();
  });

  it('counts rows stored without a key in JS, and migrate() stores their keys', async () => {
    const dataset = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Unkeyed', '') RETURNING id`);
    const id = Number(dataset.rows[0].id);
    // More rows than one batch of the fill, in the spellings above, as an older server stored them.
    await t.db.query(
      `WITH made AS (
         INSERT INTO dataset_entries (input)
         SELECT (ARRAY[$2, $3, $4, $5, $6])[n % 5 + 1] || ' ' || (n % 2000) FROM generate_series(1, 10050) AS n RETURNING id)
       INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) SELECT $1, id FROM made`,
      [id, ...WORDS.map((word, i) => SPELLINGS[i](word))],
    );
    // A keyed row whose key a later SQL edit cleared.
    await t.db.query(`UPDATE dataset_entries SET query_key = NULL WHERE input = 'Red Sofa 1'`);
    const before = await coverage(id);
    expect(before).toEqual(await readInJs(id));
    expect(before.queries).toBe(2000);
    expect(before.not_judged).toHaveLength(1000);

    expect(await migrate(t.db)).toEqual([]);
    await expectStoredKeys();
    expect(await coverage(id)).toEqual(before);
  });

  it('stores the keys of the demo data', async () => {
    await t.db.exec('DELETE FROM dataset_entries; DELETE FROM datasets;');
    expect(await seedDemoData(t.db)).toBe(true);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dataset_entries');
    expect(rows[0].n).toBeGreaterThan(400);
    await expectStoredKeys();
  });
});
