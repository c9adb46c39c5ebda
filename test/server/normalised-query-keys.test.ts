// Queries that look the same are one query: an entry typed with decomposed accents (NFD, as macOS
// exports text) or with an invisible zero-width character is judged by a judgement typed composed (NFC);
// and keys stored before keys were normalised are re-keyed by migration 016.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/storage/migrate';
import { queryKey } from '../../server/evaluation/query-key';
import { storeQueryCount } from '../../server/golden-sets/golden-set-records';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const NFC = 'Caf\u00e9 cr\u00e8me';
const NFD = 'Cafe\u0301 cre\u0300me';

const CATALOGUE = ['product_id,name,description', 'p1,Café crème cup,A cup', 'p2,Red sofa,Three seats', 'p3,Oak table,Solid oak'].join(
  '\n',
);
const JUDGEMENTS = ['query,product_id,relevance', `${NFC},p1,3`, 'red sofa,p2,2', 'oak table,p3,1'].join('\n');
/** The key as servers before migration 016 computed it. */
const oldKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The same three queries as they may arrive from other tools. */
const ENTRIES = ['input,datasets', `${NFD},Spellings`, 'red\u200b sofa\u2060,Spellings', 'oak\ufeff\u00a0table,Spellings'].join('\n');

describe.each(backends)('queries that look the same (%s)', (backend) => {
  let t: TestApp;
  let setId: number;
  let datasetId: number;

  async function upload(url: string, fields: Array<[string, string]>, file: string) {
    const response = await t.upload(url, [...fields, ['file', { file }]]);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  }

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { runWorker: true, slice: { retryDelaysMs: [10] } });
    await upload(`${API}/catalogue/import`, [], CATALOGUE);
    setId = (await upload(`${API}/golden-sets/`, [['name', 'NFC']], JUDGEMENTS)).id;
    await upload('/api/service/dataset-entries/bulk-upload', [], ENTRIES);
    const dataset = await t.db.query<{ id: number }>(`SELECT id FROM datasets WHERE name = 'Spellings'`);
    datasetId = Number(dataset.rows[0].id);
  }, 60_000);
  afterAll(() => t?.close());

  it("counts the entries judged in the golden set's coverage", async () => {
    const coverage = await t.call('GET', `${API}/golden-sets/${setId}/coverage?dataset_id=${datasetId}`);
    expect(coverage.json()).toEqual({ queries: 3, judged: 3, not_judged: [] });
  });

  /** A finished run of the dataset's entries against the golden set, by the built-in search. */
  async function runOf(name: string, dataset: number, goldenSet: number): Promise<number> {
    const script = await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
    const experiment = await t.call('POST', `${API}/experiments/`, {
      name,
      evaluation_script_id: Number(script.rows[0].id),
      dataset_id: dataset,
      config: { search_target: { kind: 'builtin' }, golden_set_id: goldenSet, k: 3 },
    });
    expect(experiment.statusCode, experiment.body).toBe(201);
    const runId = (await t.call('POST', `${API}/experiments/${experiment.json().id}/runs`)).json().id;
    expect((await t.runUntilEnded(runId)).status).toBe('success');
    return runId;
  }

  it('scores a run of the entries against the judgements', async () => {
    const runId = await runOf('Spellings', datasetId, setId);
    const results = (await t.call('GET', `${API}/experiment-runs/${runId}/results?page_size=10`)).json<
      Array<{ result: { input: string; status: string; results: { golden_set: Array<{ product_id: string }> } } }>
    >();
    expect(results.map(({ result }) => [result.input, result.results.golden_set.map((j) => j.product_id)]).sort()).toEqual(
      [
        [NFD, ['p1']],
        ['red\u200b sofa\u2060', ['p2']],
        ['oak\ufeff\u00a0table', ['p3']],
      ].sort(),
    );
    expect(results.every(({ result }) => result.status !== 'UNJUDGED')).toBe(true);
  });

  it('judges a query typed NFD as the query typed NFC', async () => {
    const put = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: NFD, product_id: 'p3', grade: 1 });
    expect(put.statusCode, put.body).toBe(200);
    const judged = (await t.call('GET', `${API}/golden-sets/${setId}/judgements/?query=${encodeURIComponent(NFC)}`)).json();
    expect(judged.map((j: { product_id: string }) => j.product_id)).toEqual(['p1', 'p3']);
    expect((await t.call('GET', `${API}/golden-sets/${setId}`)).json()).toMatchObject({ query_count: 3 });
  });

  it('re-keys what was stored under the keys before, keeping the most recent of two spellings judged alike', async () => {
    const insert = async (sql: string, params: unknown[]) => Number((await t.db.query<{ id: number }>(sql, params)).rows[0].id);
    const dataset = await insert(`INSERT INTO datasets (name, description) VALUES ('Stored', '') RETURNING id`, []);
    const inputs = ['Cafe\u0301 au lait', 'Caf\u00e9\u200b au lait', 'tea\u200bpot', 'plain mug'];
    for (const input of inputs) {
      const entry = await insert('INSERT INTO dataset_entries (input, query_key) VALUES ($1, $2) RETURNING id', [input, oldKey(input)]);
      await t.db.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [dataset, entry]);
    }
    const set = await insert(`INSERT INTO golden_sets (name) VALUES ('Stored spellings') RETURNING id`, []);
    const judged: Array<[string, string, number, string]> = [
      ['Caf\u00e9 au lait', 'p1', 3, '2024-01-01T00:00:00Z'],
      ['Cafe\u0301 au lait', 'p1', 1, '2024-02-01T00:00:00Z'],
      ['Cafe\u0301 au lait', 'p2', 2, '2024-01-01T00:00:00Z'],
      ['tea\u200bpot', 'p3', 2, '2024-03-01T00:00:00Z'],
      // Judged at the same time: the later row stays.
      ['teapot', 'p3', 1, '2024-03-01T00:00:00Z'],
      ['plain mug', 'p4', 1, '2024-01-01T00:00:00Z'],
      // Each moves to the other's old key ("mid word" was the key of both a space and U+FEFF).
      ['mid \u200bword', 'p5', 3, '2024-01-01T00:00:00Z'],
      ['mid\ufeffword', 'p5', 2, '2024-01-01T00:00:00Z'],
    ];
    for (const [query, productId, grade, at] of judged) {
      await t.db.query(
        'INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade, judged_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [set, query, oldKey(query), productId, grade, at],
      );
    }
    await storeQueryCount(t.db, set);
    await t.db.query(
      `INSERT INTO golden_set_history (golden_set_id, version, query, query_key, product_id, old_grade, new_grade, changed_by)
       VALUES ($1, 0, 'tea\u200bpot', 'tea\u200bpot', 'p3', NULL, 2, 'someone')`,
      [set],
    );
    // A run's results as it stored them: every scored query counted under its own key.
    const runId = await runOf('Stored', dataset, set);
    await t.db.query(
      `UPDATE experiment_run_results SET query_key = k.key, counted = true
       FROM unnest($2::text[], $3::text[]) AS k (input, key) WHERE run_id = $1 AND experiment_run_results.input = k.input`,
      [runId, inputs, inputs.map(oldKey)],
    );
    const coverage = async () => (await t.call('GET', `${API}/golden-sets/${set}/coverage?dataset_id=${dataset}`)).json();
    expect(await coverage()).toMatchObject({ queries: 4, judged: 3, not_judged: [inputs[1]] });

    await t.db.query('DELETE FROM schema_migrations WHERE version = 16');
    expect(await migrate(t.db)).toEqual(['016_normalised_query_keys.sql']);

    expect(await coverage()).toEqual({ queries: 3, judged: 3, not_judged: [] });
    const entries = await t.db.query<{ input: string; query_key: string }>('SELECT input, query_key FROM dataset_entries');
    expect(entries.rows.filter((row) => row.query_key !== queryKey(row.input))).toEqual([]);
    const judgements = await t.db.query(
      'SELECT query, query_key, product_id, grade FROM golden_set_judgements WHERE golden_set_id = $1 ORDER BY id',
      [set],
    );
    expect(judgements.rows).toEqual([
      { query: 'Cafe\u0301 au lait', query_key: 'caf\u00e9 au lait', product_id: 'p1', grade: 1 },
      { query: 'Cafe\u0301 au lait', query_key: 'caf\u00e9 au lait', product_id: 'p2', grade: 2 },
      { query: 'teapot', query_key: 'teapot', product_id: 'p3', grade: 1 },
      { query: 'plain mug', query_key: 'plain mug', product_id: 'p4', grade: 1 },
      { query: 'mid \u200bword', query_key: 'mid word', product_id: 'p5', grade: 3 },
      { query: 'mid\ufeffword', query_key: 'midword', product_id: 'p5', grade: 2 },
    ]);
    expect((await t.call('GET', `${API}/golden-sets/${set}`)).json()).toMatchObject({
      query_count: 5,
      judgement_count: 6,
      grade_counts: { '1': 3, '2': 2, '3': 1 },
      version: 1,
    });
    const history = (await t.call('GET', `${API}/golden-sets/${set}/history/?page_size=10`)).json().results;
    expect(history.map((h: Record<string, unknown>) => [h.version, h.query, h.product_id, h.old_grade, h.new_grade, h.changed_by])).toEqual(
      [
        [1, 'tea\u200bpot', 'p3', 2, 1, 'query key normalisation'],
        [1, 'Caf\u00e9 au lait', 'p1', 3, 1, 'query key normalisation'],
        [0, 'tea\u200bpot', 'p3', null, 2, 'someone'],
      ],
    );
    const historyKeys = await t.db.query<{ query: string; query_key: string }>('SELECT query, query_key FROM golden_set_history');
    expect(historyKeys.rows.filter((row) => row.query_key !== queryKey(row.query))).toEqual([]);
    const audit = await t.db.query('SELECT actor_sub, target_id, summary FROM audit_events WHERE action = $1 ORDER BY id', [
      'judgement.merge',
    ]);
    expect(audit.rows).toEqual([
      {
        actor_sub: 'server',
        target_id: String(set),
        summary: '“Caf\u00e9 au lait” · p1: 3 → 1, the grade of “Cafe\u0301 au lait”, the same query now',
      },
      { actor_sub: 'server', target_id: String(set), summary: '“tea\u200bpot” · p3: 2 → 1, the grade of “teapot”, the same query now' },
    ]);
    // The run counted both spellings of café au lait: the second keeps its own key, so its means stand.
    const results = await t.db.query('SELECT input, query_key, counted FROM experiment_run_results WHERE run_id = $1 ORDER BY id', [runId]);
    expect(results.rows).toEqual([
      { input: inputs[0], query_key: 'caf\u00e9 au lait', counted: true },
      { input: inputs[1], query_key: oldKey(inputs[1]), counted: true },
      { input: inputs[2], query_key: 'teapot', counted: true },
      { input: inputs[3], query_key: 'plain mug', counted: true },
    ]);

    // Once more changes nothing.
    await t.db.query('DELETE FROM schema_migrations WHERE version = 16');
    expect(await migrate(t.db)).toEqual(['016_normalised_query_keys.sql']);
    expect((await t.call('GET', `${API}/golden-sets/${set}`)).json()).toMatchObject({ version: 1, judgement_count: 6 });
    expect(await migrate(t.db)).toEqual([]);
  });
});
