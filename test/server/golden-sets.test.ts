import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/demo/seed-demo-data';
import { demoResult } from '../../server/demo/demo-results';
import { readWandsQueries } from '../../server/demo/wands-queries';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { withClient } from './helpers/test-databases';
import type { Part } from './helpers/multipart';

const ROUTE = '/api/backend/golden-sets/';
const UPLOAD_LIMIT_MB = 1;

const fixture = (name: string) => readFile(new URL(`./fixtures/golden-sets/${name}`, import.meta.url));

describe.each(backends)('golden sets API (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend, { UPLOAD_LIMIT_MB: String(UPLOAD_LIMIT_MB) });
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.exec('DELETE FROM golden_sets;');
  });

  const uploadCsv = (name: string, file: Buffer | string, extra: Array<[string, Part]> = []) =>
    t.upload(ROUTE, [['name', name], ...extra, ['file', { file }]]);

  async function judgements(id?: number) {
    const { rows } = await t.db.query<{ query: string; query_key: string; product_id: string; grade: number }>(
      `SELECT query, query_key, product_id, grade FROM golden_set_judgements
       WHERE $1::bigint IS NULL OR golden_set_id = $1 ORDER BY id`,
      [id ?? null],
    );
    return rows;
  }
  const keyed = (rows: Awaited<ReturnType<typeof judgements>>) =>
    rows.map(({ query_key, product_id, grade }) => ({ query_key, product_id, grade }));

  it('requires a bearer token on every route', async () => {
    const routes: Array<[string, string]> = [
      ['GET', ''],
      ['POST', ''],
      ['GET', '1'],
      ['PATCH', '1'],
      ['DELETE', '1'],
      ['GET', '1/export.csv'],
      ['GET', '1/export.qrels'],
      ['GET', '1/export.queries.tsv'],
      ['GET', '1/queries-without-entry.csv'],
      ['GET', '1/products-not-in-catalogue.csv'],
    ];
    for (const [method, url] of routes) {
      const response = await t.app.inject({ method: method as 'GET', url: `${ROUTE}${url}` });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('imports a CSV with a BOM, CRLF, a quoted line break and formula-safe cells, keeping queries as written', async () => {
    const response = await uploadCsv('  Germany  ', await fixture('bom-crlf-quoted.csv'), [
      ['description', 'Hand-made'],
      ['market', 'DE'],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: 'Germany',
      description: 'Hand-made',
      market: 'DE',
      query_count: 4,
      judgement_count: 5,
      demo: false,
    });
    expect(Object.keys(created).sort()).toEqual([
      'aggregate',
      'changed_at',
      'created_at',
      'demo',
      'description',
      'grade_counts',
      'id',
      'judgement_count',
      'market',
      'name',
      'prefer_adjudication',
      'query_count',
      'ratings_per_pair',
      'scale',
      'updated_at',
      'version',
      'warnings',
    ]);
    // No scale given: 0 to 3 by default, the file's grades within it.
    expect(created).toMatchObject({ scale: { max_grade: 3 }, grade_counts: { '0': 1, '1': 1, '2': 2, '3': 1 }, version: 0 });
    expect(await judgements(created.id)).toEqual([
      { query: 'Red Sofa', query_key: 'red sofa', product_id: 'P1', grade: 2 },
      { query: '  red   SOFA ', query_key: 'red sofa', product_id: 'P2', grade: 0 },
      { query: 'oak\r\ntable', query_key: 'oak table', product_id: 'P3', grade: 1 },
      { query: '=HYPERLINK("x")', query_key: '=hyperlink("x")', product_id: 'P4', grade: 3 },
      { query: '-rug', query_key: '-rug', product_id: 'P5', grade: 2 },
    ]);
  });

  it('lists newest first with counts and X-Total-Count, gets one, and answers 404 for an unknown id', async () => {
    // The upload's answer is the golden set and its warnings; GET answers the golden set.
    const { warnings, ...first } = (await uploadCsv('First', 'query,product_id,relevance\na,P1,1\na,P2,0\nb,P1,2\n')).json();
    expect(warnings.queries_without_entry.count).toBe(2);
    const second = (await uploadCsv('Second', 'query,product_id,relevance\n')).json();
    const list = await t.call('GET', `${ROUTE}?page=1&page_size=20`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().count).toBe(2);
    expect(list.json().results.map((s: { name: string }) => s.name)).toEqual(['Second', 'First']);
    expect(list.json().results[1]).toMatchObject({ query_count: 2, judgement_count: 3, market: '', description: '' });
    expect(second).toMatchObject({ query_count: 0, judgement_count: 0 });
    const page2 = await t.call('GET', `${ROUTE}?page=2&page_size=1`);
    expect(page2.json().results.map((s: { name: string }) => s.name)).toEqual(['First']);
    const past = await t.call('GET', `${ROUTE}?page=3&page_size=1`);
    expect(past.json()).toMatchObject({ count: 2, results: [] });
    expect(past.headers['x-total-count']).toBe('2');

    const one = await t.call('GET', `${ROUTE}${first.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(first);
    const missing = await t.call('GET', `${ROUTE}999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not Found', message: 'Golden set 999999 not found' });
  });

  it('renames with PATCH, refuses a taken name with 409, and answers 404 for an unknown id', async () => {
    const a = (await uploadCsv('Alpha', 'query,product_id,relevance\nx,P1,1\n')).json();
    await uploadCsv('Beta', 'query,product_id,relevance\n');

    const renamed = await t.call('PATCH', `${ROUTE}${a.id}`, { name: ' Gamma ', market: 'FR' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: a.id, name: 'Gamma', market: 'FR', description: '', judgement_count: 1 });
    expect(Date.parse(renamed.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(a.updated_at));

    const taken = await t.call('PATCH', `${ROUTE}${a.id}`, { name: 'Beta' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'Conflict', message: 'A golden set named "Beta" already exists' });
    expect((await t.call('PATCH', `${ROUTE}${a.id}`, { name: '  ' })).statusCode).toBe(400);
    expect((await t.call('PATCH', `${ROUTE}${a.id}`, {})).statusCode).toBe(400);
    expect((await t.call('PATCH', `${ROUTE}999999`, { name: 'Delta' })).statusCode).toBe(404);
  });

  it('answers 409 for a duplicate name on upload and writes nothing', async () => {
    await uploadCsv('Taken', 'query,product_id,relevance\nx,P1,1\n');
    const response = await uploadCsv('Taken', 'query,product_id,relevance\ny,P2,1\n');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'Conflict', message: 'A golden set named "Taken" already exists' });
    expect(keyed(await judgements())).toEqual([{ query_key: 'x', product_id: 'P1', grade: 1 }]);
  });

  it('rejects bad rows with row-numbered problems, naming both rows of a duplicate, and writes nothing', async () => {
    const response = await uploadCsv('Bad', await fixture('bad-rows.csv'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Bad Request',
      message:
        'Nothing was imported: the CSV file has 6 problems; the first is at row 3, column "relevance": must be a non-negative integer (0, 1, 2, …), not "-1"',
      details: [
        { file: 'file', row: 3, column: 'relevance', problem: 'must be a non-negative integer (0, 1, 2, …), not "-1"' },
        { file: 'file', row: 4, column: 'relevance', problem: 'must be a non-negative integer (0, 1, 2, …), not "high"' },
        {
          file: 'file',
          row: 5,
          column: null,
          problem: 'judges product P1 for the query "sofa" again: rows 2 and 5 (one judgement per query and product)',
        },
        { file: 'file', row: 6, column: 'product_id', problem: 'must not be blank' },
        { file: 'file', row: 7, column: 'product_id', problem: 'must not contain white space' },
        { file: 'file', row: 8, column: null, problem: 'has 2 cells but the header has 3' },
      ],
    });
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM golden_sets');
    expect(rows[0].n).toBe(0);
  });

  it('rejects a header without the required columns', async () => {
    const response = await uploadCsv('Header', 'query,product,grade\nx,P1,1\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { file: 'file', row: 1, column: 'product', problem: 'is not a column of this format (query, product_id, relevance)' },
      { file: 'file', row: 1, column: 'grade', problem: 'is not a column of this format (query, product_id, relevance)' },
      { file: 'file', row: 1, column: 'product_id', problem: 'required column is missing from the header' },
      { file: 'file', row: 1, column: 'relevance', problem: 'required column is missing from the header' },
    ]);
  });

  it('writes nothing when the only bad row comes after several COPY chunks', async () => {
    const lines = ['query,product_id,relevance'];
    for (let i = 0; i < 12_000; i++) lines.push(`query ${i % 500},P${i},${i % 4}`);
    lines.push('last query,P-last,1.5');
    const response = await uploadCsv('Late', `${lines.join('\n')}\n`);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { file: 'file', row: 12_002, column: 'relevance', problem: 'must be a non-negative integer (0, 1, 2, …), not "1.5"' },
    ]);
    const { rows } = await t.db.query<{ sets: number; judgements: number }>(
      'SELECT (SELECT count(*)::int FROM golden_sets) AS sets, (SELECT count(*)::int FROM golden_set_judgements) AS judgements',
    );
    expect(rows[0]).toEqual({ sets: 0, judgements: 0 });

    lines.pop();
    const good = await uploadCsv('Late', `${lines.join('\n')}\n`);
    expect(good.statusCode).toBe(201);
    expect(good.json()).toMatchObject({ query_count: 500, judgement_count: 12_000 });
  });

  it(`answers 413 over UPLOAD_LIMIT_MB (${UPLOAD_LIMIT_MB} MiB) and writes nothing`, async () => {
    const row = 'a rather long query to fill the file quickly,P1234567,1\n';
    const big = `query,product_id,relevance\n${Array.from({ length: Math.ceil((1.2 * 1024 * 1024) / row.length) }, (_, i) => row.replace('P', `P${i}-`)).join('')}`;
    const response = await uploadCsv('Big', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'Payload Too Large',
      message: `The file is larger than the upload limit of ${UPLOAD_LIMIT_MB} MiB; nothing was imported`,
    });
    expect(await judgements()).toEqual([]);
  });

  it('answers 400 for a form without name, without file, or with an unknown format', async () => {
    const noName = await t.upload(ROUTE, [['file', { file: 'query,product_id,relevance\n' }]]);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/no "name" before its files/);
    const noFile = await t.upload(ROUTE, [['name', 'X']]);
    expect(noFile.json()).toEqual({ error: 'Bad Request', message: 'The form has no judgements file: send it in a field named "file"' });
    const badFormat = await uploadCsv('X', 'query,product_id,relevance\n', [['format', 'xml']]);
    expect(badFormat.json()).toEqual({ error: 'Bad Request', message: 'format must be "csv" or "trec", not "xml"' });
    const notMultipart = await t.call('POST', ROUTE, { name: 'X' });
    expect(notMultipart.statusCode).toBe(400);
    const blankName = await uploadCsv('  ', 'query,product_id,relevance\n');
    expect(blankName.json().message).toBe('name must not be blank');
    expect(await judgements()).toEqual([]);
  });

  it('imports TREC qrels with a queries file, in either order', async () => {
    const qrels = await fixture('qrels.txt');
    const queries = await fixture('queries.tsv');
    const expected = [
      { query: 'Red Sofa', query_key: 'red sofa', product_id: 'P1', grade: 2 },
      { query: 'Red Sofa', query_key: 'red sofa', product_id: 'P2', grade: 0 },
      { query: 'oak table', query_key: 'oak table', product_id: 'P1', grade: 1 },
      { query: '  =sum(A1)  ', query_key: '=sum(a1)', product_id: 'P7', grade: 3 },
    ];
    const queriesFirst = await t.upload(ROUTE, [
      ['name', 'T1'],
      ['format', 'trec'],
      ['queries', { file: queries }],
      ['file', { file: qrels }],
    ]);
    expect(queriesFirst.statusCode, queriesFirst.body).toBe(201);
    expect(queriesFirst.json()).toMatchObject({ query_count: 3, judgement_count: 4 });
    expect(await judgements(queriesFirst.json().id)).toEqual(expected);

    const qrelsFirst = await t.upload(ROUTE, [
      ['name', 'T2'],
      ['format', 'trec'],
      ['file', { file: qrels }],
      ['queries', { file: queries }],
    ]);
    expect(qrelsFirst.statusCode, qrelsFirst.body).toBe(201);
    expect(await judgements(qrelsFirst.json().id)).toEqual(expected);

    const noQueries = await t.upload(ROUTE, [
      ['name', 'T3'],
      ['format', 'trec'],
      ['file', { file: qrels }],
    ]);
    expect(noQueries.statusCode).toBe(400);
    expect(noQueries.json().message).toMatch(/needs a queries file/);
  });

  it('rejects qrels with unknown query ids and bad grades, and queries files with problems', async () => {
    const response = await t.upload(ROUTE, [
      ['name', 'Bad TREC'],
      ['format', 'trec'],
      ['queries', { file: 'q1\tsofa\nq2\tchair\n' }],
      ['file', { file: await fixture('qrels-bad.txt') }],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Bad Request',
      message:
        'Nothing was imported: the qrels file has 2 problems; the first is at line 2, column "qid": query id q9 is not in the queries file',
      details: [
        { file: 'file', row: 2, column: 'qid', problem: 'query id q9 is not in the queries file' },
        { file: 'file', row: 3, column: 'grade', problem: 'must be a non-negative integer (0, 1, 2, …), not "1.5"' },
      ],
    });
    const badQueries = await t.upload(ROUTE, [
      ['name', 'Bad queries'],
      ['format', 'trec'],
      ['queries', { file: 'q1\tsofa\nq1\tchair\nq2 no tab\n' }],
      ['file', { file: 'q1 0 P1 1\n' }],
    ]);
    expect(badQueries.statusCode).toBe(400);
    expect(badQueries.json().details).toEqual([
      { file: 'queries', row: 2, column: 'qid', problem: 'query id q1 is already defined on line 1' },
      { file: 'queries', row: 3, column: null, problem: 'expected "qid<TAB>query" (no tab found)' },
    ]);
    expect(badQueries.json().message).toMatch(/^Nothing was imported: the queries file has 2 problems/);
    const duplicate = await t.upload(ROUTE, [
      ['name', 'Dup TREC'],
      ['format', 'trec'],
      ['queries', { file: 'q1\tSofa\nq2\tsofa\n' }],
      ['file', { file: 'q1 0 P1 1\nq2 0 P1 2\n' }],
    ]);
    expect(duplicate.json().details).toEqual([
      {
        file: 'file',
        row: 2,
        column: 'docid',
        problem: 'judges product P1 for the query "sofa" again: rows 1 and 2 (one judgement per query and product)',
      },
    ]);
    expect(await judgements()).toEqual([]);
  });

  it('exports CSV with formula-safe cells that imports as the same judgements', async () => {
    const original = (await uploadCsv('Source', await fixture('bom-crlf-quoted.csv'))).json();
    const exported = await t.call('GET', `${ROUTE}${original.id}/export.csv`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="golden-set-${original.id}-Source.csv"; filename*=UTF-8''golden-set-${original.id}-Source.csv`,
    );
    expect(exported.body).toBe(
      '\uFEFFquery,product_id,relevance\r\nRed Sofa,P1,2\r\n  red   SOFA ,P2,0\r\n"oak\r\ntable",P3,1\r\n' +
        `"'=HYPERLINK(""x"")",P4,3\r\n'-rug,P5,2\r\n`,
    );
    const copy = (await uploadCsv('Copy', exported.rawPayload)).json();
    expect(await judgements(copy.id)).toEqual(await judgements(original.id));
  });

  it('exports TREC qrels and formula-safe queries that import as the same judgements', async () => {
    const original = (await uploadCsv('Source', await fixture('bom-crlf-quoted.csv'))).json();
    const qrels = await t.call('GET', `${ROUTE}${original.id}/export.qrels`);
    const queries = await t.call('GET', `${ROUTE}${original.id}/export.queries.tsv`);
    expect(qrels.statusCode).toBe(200);
    expect(qrels.body).toBe('1 0 P1 2\n1 0 P2 0\n2 0 P3 1\n3 0 P4 3\n4 0 P5 2\n');
    expect(queries.body).toBe('1\tRed Sofa\n2\toak table\n3\t\'=HYPERLINK("x")\n4\t\'-rug\n');
    const copy = await t.upload(ROUTE, [
      ['name', 'Copy'],
      ['format', 'trec'],
      ['queries', { file: queries.rawPayload }],
      ['file', { file: qrels.rawPayload }],
    ]);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(keyed(await judgements(copy.json().id))).toEqual(keyed(await judgements(original.id)));
  });

  it('exports queries and product ids that start with quotes or formula characters so that they import unchanged', async () => {
    const set = (await uploadCsv('Awkward', 'query,product_id,relevance\nsofa,P1,1\n')).json();
    const awkward: Array<[string, string]> = [
      ["'=quoted q", "'-7"],
      ['=x', '-7'],
      ["''=x", '@p'],
      ["'plain", "'p"],
      ['-1', "''+8"],
      ['@a', 'P2'],
    ];
    for (const [query, product_id] of awkward) {
      const put = await t.call('PUT', `${ROUTE}${set.id}/judgements/`, { query, product_id, grade: 2 });
      expect(put.statusCode, put.body).toBe(200);
    }
    const stored = await judgements(set.id);
    expect(stored.slice(1).map((row) => [row.query, row.product_id])).toEqual(awkward);

    const csv = await t.call('GET', `${ROUTE}${set.id}/export.csv`);
    const csvCopy = await uploadCsv('CSV copy', csv.rawPayload);
    expect(csvCopy.statusCode, csvCopy.body).toBe(201);
    expect(await judgements(csvCopy.json().id)).toEqual(stored);

    const trecCopy = await t.upload(ROUTE, [
      ['name', 'TREC copy'],
      ['format', 'trec'],
      ['queries', { file: (await t.call('GET', `${ROUTE}${set.id}/export.queries.tsv`)).rawPayload }],
      ['file', { file: (await t.call('GET', `${ROUTE}${set.id}/export.qrels`)).rawPayload }],
    ]);
    expect(trecCopy.statusCode, trecCopy.body).toBe(201);
    expect(await judgements(trecCopy.json().id)).toEqual(stored);
  });

  it('deletes a golden set with its judgements, then answers 404', async () => {
    const set = (await uploadCsv('Doomed', 'query,product_id,relevance\nx,P1,1\n')).json();
    const response = await t.call('DELETE', `${ROUTE}${set.id}`);
    expect(response.statusCode).toBe(204);
    expect(await judgements()).toEqual([]);
    expect((await t.call('DELETE', `${ROUTE}${set.id}`)).statusCode).toBe(404);
    for (const suffix of ['export.csv', 'export.qrels', 'export.queries.tsv']) {
      expect((await t.call('GET', `${ROUTE}${set.id}/${suffix}`)).statusCode).toBe(404);
    }
  });

  it("seeds the spec's three country golden sets with the judgements of the demo runs, and the runnable demo's", async () => {
    expect(await seedDemoData(t.db)).toBe(true);
    const list = (await t.call('GET', `${ROUTE}`)).json();
    expect(list.results.map((s: { name: string; market: string }) => [s.name, s.market])).toEqual([
      ['Golden set — United States (generated)', 'US'],
      ['Golden set — Spain', 'ES'],
      ['Golden set — France', 'FR'],
      ['Golden set — Germany', 'DE'],
    ]);
    for (const set of list.results) expect(set.description).toMatch(/^Generated demo judgements/);
    const germany = list.results[3];
    expect(germany.query_count).toBe(60);
    const first = readWandsQueries()[0];
    const expected = demoResult(first, 1, 0, '').results.golden_set;
    const stored = (await judgements(germany.id)).filter((j) => j.query === first.query);
    expect(stored.map((j) => ({ product_id: j.product_id, relevance: j.grade }))).toEqual(expected);
  }, 60_000);

  describe('in use', () => {
    const config = (goldenSetId: number) => ({ search_target: { kind: 'builtin' }, golden_set_id: goldenSetId });
    /** An experiment scoring against the set, over a dataset of one entry. */
    async function experimentUsing(name: string, goldenSetId: number) {
      const script = await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
      const dataset = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ($1, '') RETURNING id`, [name]);
      const entry = await t.db.query<{ id: number }>(`INSERT INTO dataset_entries (input) VALUES ('sofa') RETURNING id`);
      await t.db.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [
        dataset.rows[0].id,
        entry.rows[0].id,
      ]);
      const created = await t.call('POST', '/api/backend/experiments/', {
        name,
        evaluation_script_id: Number(script.rows[0].id),
        dataset_id: Number(dataset.rows[0].id),
        config: config(goldenSetId),
      });
      expect(created.statusCode, created.body).toBe(201);
      return { id: Number(created.json().id), name };
    }
    const exists = async (id: number) => (await t.db.query('SELECT 1 FROM golden_sets WHERE id = $1', [id])).rows.length > 0;

    it('refuses to delete a golden set that experiments use, naming the set and the experiments', async () => {
      const set = (await uploadCsv('Sofas UK', 'query,product_id,relevance\nsofa,P1,1\n')).json();
      const baseline = await experimentUsing('BM25 baseline', set.id);
      const one = await t.call('DELETE', `${ROUTE}${set.id}`);
      expect(one.statusCode).toBe(409);
      expect(one.json()).toEqual({
        error: 'Conflict',
        message: 'Golden set "Sofas UK" cannot be deleted: the experiment "BM25 baseline" uses it.',
        details: { experiments: [baseline], experiment_count: 1 },
      });
      await experimentUsing('Vector search', set.id);
      expect((await t.call('DELETE', `${ROUTE}${set.id}`)).json().message).toBe(
        'Golden set "Sofas UK" cannot be deleted: the experiments "BM25 baseline" and "Vector search" use it.',
      );
      expect(await exists(set.id)).toBe(true);
      expect(await judgements(set.id)).toHaveLength(1);
    });

    it('refuses to delete the golden set of a run still going, though its experiment has moved on, until it ends', async () => {
      const set = (await uploadCsv('Chairs', 'query,product_id,relevance\nsofa,P1,1\n')).json();
      const next = (await uploadCsv('Chairs v2', 'query,product_id,relevance\nsofa,P1,2\n')).json();
      const experiment = await experimentUsing('Chair search', set.id);
      // No worker here: the run stays pending.
      const run = await t.call('POST', `/api/backend/experiments/${experiment.id}/runs`);
      expect(run.statusCode, run.body).toBe(202);
      expect((await t.call('PATCH', `/api/backend/experiments/${experiment.id}`, { config: config(next.id) })).statusCode).toBe(200);
      const refused = await t.call('DELETE', `${ROUTE}${set.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'Conflict',
        message: `Golden set "Chairs" cannot be deleted: run ${run.json().id} is scoring against it (cancel it or let it end first).`,
        details: { runs: [run.json().id] },
      });
      expect((await t.call('POST', `/api/backend/experiment-runs/${run.json().id}/cancel`)).statusCode).toBe(200);
      expect((await t.call('DELETE', `${ROUTE}${set.id}`)).statusCode).toBe(204);
      expect(await exists(set.id)).toBe(false);
    });

    it.runIf(backend === 'postgres')('lets no experiment take up a golden set while it is being deleted', async () => {
      const set = (await uploadCsv('Lamps', 'query,product_id,relevance\nsofa,P1,1\n')).json();
      const other = (await uploadCsv('Lamps v2', 'query,product_id,relevance\nsofa,P1,1\n')).json();
      const experiment = await experimentUsing('Lamp search', other.id);
      await withClient(new URL(t.databaseUrl!), async (deleting) => {
        // A delete that has locked the set and found it unused, not yet committed.
        await deleting.query('BEGIN');
        await deleting.query('SELECT 1 FROM golden_sets WHERE id = $1 FOR UPDATE', [set.id]);
        const saving = t.call('PATCH', `/api/backend/experiments/${experiment.id}`, { config: config(set.id) });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await deleting.query('DELETE FROM golden_sets WHERE id = $1', [set.id]);
        await deleting.query('COMMIT');
        const saved = await saving;
        expect([saved.statusCode, saved.json().message]).toEqual([400, `body.config.golden_set_id: golden set ${set.id} does not exist`]);
      });
      const { rows } = await t.db.query<{ golden_set_id: number }>(
        `SELECT (config->>'golden_set_id')::int AS golden_set_id FROM experiments WHERE id = $1`,
        [experiment.id],
      );
      expect(rows[0].golden_set_id).toBe(other.id);
    });
  });
});
