// Judging: a golden set's queries, judgements and history read and changed one at a time
// (version, kept counts, scale), and from a run: what it found unjudged, and a rescore whose metrics
// follow the new grades — on both storages, with runs made by the engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMetrics } from '../../server/evaluation/metrics';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';

const CATALOGUE = [
  'product_id,name,description',
  'p1,Red velvet sofa,A deep red sofa',
  'p2,Blue sofa,Three seats',
  'p3,Red armchair,Matches the red sofa',
  'p4,Oak coffee table,Solid oak',
  'p5,Glass coffee table,Tempered glass',
  'p6,Oak side table,Small',
].join('\n');

// Only p1 is judged for "red sofa": the search's other sofas are unjudged.
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'coffee table,p4,2'].join('\n');

describe.each(backends)('judging (%s)', (backend) => {
  let t: TestApp;
  let setId: number;
  let runId: number;
  let scriptId: number;
  let datasetId: number;

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { runWorker: true, slice: { retryDelaysMs: [10] } });
    expect((await t.upload(`${API}/catalogue/import`, [['file', { file: CATALOGUE }]])).statusCode).toBeLessThan(300);
    const set = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Judged'],
      ['file', { file: JUDGEMENTS }],
    ]);
    setId = set.json().id;
    const script = await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
    const dataset = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Judging', '') RETURNING id`);
    for (const input of ['red sofa', 'coffee table']) {
      const entry = await t.db.query<{ id: number }>('INSERT INTO dataset_entries (input) VALUES ($1) RETURNING id', [input]);
      await t.db.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [
        dataset.rows[0].id,
        entry.rows[0].id,
      ]);
    }
    [scriptId, datasetId] = [Number(script.rows[0].id), Number(dataset.rows[0].id)];
    const experiment = await t.call('POST', `${API}/experiments/`, {
      name: 'Judging',
      evaluation_script_id: scriptId,
      dataset_id: datasetId,
      config: { search_target: { kind: 'builtin' }, golden_set_id: setId, k: 3 },
    });
    runId = (await t.call('POST', `${API}/experiments/${experiment.json().id}/runs`)).json().id;
    expect((await t.runUntilEnded(runId)).status).toBe('success');
  }, 60_000);
  afterAll(() => t?.close());

  it('answers the set with its scale, grades per grade and version', async () => {
    const set = (await t.call('GET', `${API}/golden-sets/${setId}`)).json();
    expect(set).toMatchObject({
      scale: { max_grade: 3, labels: ['Poor', 'Fair', 'Good', 'Perfect'] },
      grade_counts: { '2': 1, '3': 1 },
      version: 0,
      changed_at: null,
      query_count: 2,
      judgement_count: 2,
    });
    expect((await t.call('GET', `${API}/experiment-runs/${runId}`)).json()).toMatchObject({
      golden_set_id: setId,
      golden_set_version: 0,
      golden_set_changed: false,
    });
  });

  it('lists what the run found unjudged, top ranks first', async () => {
    await t.db.query(`UPDATE products SET attributes = jsonb_build_object('colour', 'blue', 'label', name)`);
    const first = await t.call('GET', `${API}/experiment-runs/${runId}/unjudged/?page_size=100`);
    expect(first.statusCode, first.body).toBe(200);
    const items = first.json<Array<{ query: string; product_id: string; rank: number; name: string | null }>>();
    expect(Number(first.headers['x-total-count'])).toBe(items.length);
    // The run's own results say which of its top 3 were unjudged.
    const results = (await t.call('GET', `${API}/experiment-runs/${runId}/results?page_size=10`)).json<Array<{ result: any }>>();
    const expected = results.flatMap(({ result }) =>
      result.results.search_results
        .slice(0, 3)
        .filter(
          (hit: { product_id: string }) => !result.results.golden_set.some((g: { product_id: string }) => g.product_id === hit.product_id),
        )
        .map((hit: { product_id: string }) => `${result.input}|${hit.product_id}`),
    );
    expect(items.map((item) => `${item.query}|${item.product_id}`).sort()).toEqual(expected.sort());
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.name !== null && item.rank >= 1 && item.rank <= 3)).toBe(true);
    expect(items.map((item) => item.rank)).toEqual(items.map((item) => item.rank).sort());
    // Each product comes with the catalogue's attributes, for the judge to read beside its description.
    const catalogue = await t.db.query<{ product_id: string; attributes: object }>('SELECT product_id, attributes FROM products');
    const attributesOf = new Map(catalogue.rows.map((row) => [row.product_id, row.attributes]));
    expect(items.map((item) => [item.product_id, (item as { attributes?: object }).attributes])).toEqual(
      items.map((item) => [item.product_id, attributesOf.get(item.product_id)]),
    );
    expect(items.every((item) => (item as { attributes?: { label?: string } }).attributes?.label === item.name)).toBe(true);
    expect((await t.call('GET', `${API}/experiment-runs/${runId}/unjudged/?page_size=100`)).json()).toEqual(items);
  });

  it('judges one product at a time: kept counts, version and history follow, the run says its set changed', async () => {
    const before = (await t.call('GET', `${API}/experiment-runs/${runId}/unjudged/?page_size=100`)).json<
      Array<{ query: string; product_id: string }>
    >();
    const target = before.find((item) => item.query === 'red sofa')!;
    const put = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, {
      query: '  Red  SOFA ',
      product_id: target.product_id,
      grade: 0,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ product_id: target.product_id, grade: 0, judged_by: expect.any(String), name: expect.any(String) });
    // A new query adds to the query count; changing a grade moves it between grades.
    expect((await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: 'lamp', product_id: 'p9', grade: 1 })).statusCode).toBe(
      200,
    );
    expect(
      (await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: 'red sofa', product_id: 'p1', grade: 2 })).statusCode,
    ).toBe(200);
    // The same grade again changes nothing.
    expect(
      (await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: 'red sofa', product_id: 'p1', grade: 2 })).statusCode,
    ).toBe(200);
    const set = (await t.call('GET', `${API}/golden-sets/${setId}`)).json();
    expect(set).toMatchObject({ version: 3, query_count: 3, judgement_count: 4, grade_counts: { '0': 1, '1': 1, '2': 2 } });
    expect(set.changed_at).not.toBeNull();
    const after = (await t.call('GET', `${API}/experiment-runs/${runId}/unjudged/?page_size=100`)).json<unknown[]>();
    expect(after).toHaveLength(before.length - 1);
    expect((await t.call('GET', `${API}/experiment-runs/${runId}`)).json()).toMatchObject({ golden_set_changed: true });

    const history = await t.call('GET', `${API}/golden-sets/${setId}/history/?page_size=2`);
    expect(history.headers['x-total-count']).toBe('3');
    expect(
      history
        .json()
        .results.map((h: { old_grade: number | null; new_grade: number | null; version: number }) => [h.version, h.old_grade, h.new_grade]),
    ).toEqual([
      [3, 3, 2],
      [2, null, 1],
    ]);
    const judgements = (await t.call('GET', `${API}/golden-sets/${setId}/judgements/?query=RED%20SOFA`)).json<
      Array<{ product_id: string; grade: number }>
    >();
    expect(judgements.map((j) => [j.product_id, j.grade])).toEqual([
      ['p1', 2],
      [target.product_id, 0],
    ]);
  });

  it('removes a judgement, and lists and searches the queries with their grades', async () => {
    expect((await t.call('DELETE', `${API}/golden-sets/${setId}/judgements/?query=lamp&product_id=p9`)).statusCode).toBe(204);
    const again = await t.call('DELETE', `${API}/golden-sets/${setId}/judgements/?query=lamp&product_id=p9`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`Golden set ${setId} has no judgement of product p9 for the query "lamp"`);
    const set = (await t.call('GET', `${API}/golden-sets/${setId}`)).json();
    expect(set).toMatchObject({ version: 4, query_count: 2, grade_counts: { '0': 1, '2': 2 } });
    const last = (await t.call('GET', `${API}/golden-sets/${setId}/history/?page_size=1`)).json().results[0];
    expect(last).toMatchObject({ query: 'lamp', product_id: 'p9', old_grade: 1, new_grade: null });
    const queries = await t.call('GET', `${API}/golden-sets/${setId}/queries/?page_size=10`);
    expect(queries.json()).toEqual({
      count: 2,
      results: [
        { query: 'coffee table', judgements: 1, by_grade: { '2': 1 } },
        { query: 'red sofa', judgements: 2, by_grade: { '0': 1, '2': 1 } },
      ],
    });
    const searched = (await t.call('GET', `${API}/golden-sets/${setId}/queries/?search=SOFA`)).json();
    expect(searched.count).toBe(1);
    expect(searched.results[0].query).toBe('red sofa');
  });

  it('refuses grades outside the scale, bad bodies and unknown sets, naming the field', async () => {
    const high = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: 'red sofa', product_id: 'p2', grade: 4 });
    expect(high.statusCode).toBe(400);
    expect(high.json().message).toBe("body.grade must be between 0 and 3 (the golden set's scale), got 4");
    const missing = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: 'red sofa', product_id: 'p2' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('grade');
    const blank = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: '  ', product_id: 'p2', grade: 1 });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('body.query must not be blank');
    expect((await t.call('PUT', `${API}/golden-sets/999999/judgements/`, { query: 'x', product_id: 'p2', grade: 1 })).statusCode).toBe(404);
    expect((await t.call('GET', `${API}/golden-sets/999999/queries/`)).statusCode).toBe(404);
  });

  it('sets the scale at upload or later, never below a grade the set holds', async () => {
    const tooLow = await t.call('PATCH', `${API}/golden-sets/${setId}`, { scale: { max_grade: 1 } });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json().message).toBe('2 judgements are graded above 1: change or remove them first');
    const labelled = await t.call('PATCH', `${API}/golden-sets/${setId}`, {
      scale: { max_grade: 4, labels: ['Bad', 'Meh', 'OK', 'Good', 'Great'] },
    });
    expect(labelled.statusCode, labelled.body).toBe(200);
    expect(labelled.json().scale).toEqual({ max_grade: 4, labels: ['Bad', 'Meh', 'OK', 'Good', 'Great'] });
    const refused = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Two-point'],
      ['max_grade', '2'],
      ['file', { file: 'query,product_id,relevance\nsofa,p1,2\nsofa,p2,3\n' }],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('must be at most 2');
    expect(refused.json().details[0]).toMatchObject({ row: 3, column: 'relevance' });
    const wide = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Five-point'],
      ['file', { file: 'query,product_id,relevance\nsofa,p1,5\n' }],
    ]);
    expect(wide.json().scale).toEqual({ max_grade: 5, labels: ['Poor', 'Fair', 'Good', 'Perfect', 'Grade 4', 'Grade 5'] });
  });

  it('rescores the run from its stored rankings: a new run whose metrics follow the new grades', async () => {
    const first = (await t.call('GET', `${API}/experiment-runs/${runId}`)).json();
    const started = await t.call('POST', `${API}/experiment-runs/${runId}/rescore`);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().tags).toContain('rescore');
    const rescore = await t.runUntilEnded(started.json().id);
    expect(rescore).toMatchObject({ status: 'success', rescore_of: runId, golden_set_changed: false });
    expect(rescore.summary!.results).toBe(first.summary.results);
    const results = (await t.call('GET', `${API}/experiment-runs/${rescore.id}/results?page_size=10`)).json<Array<{ result: any }>>();
    const firstResults = (await t.call('GET', `${API}/experiment-runs/${runId}/results?page_size=10`)).json<Array<{ result: any }>>();
    const ranking = (rows: Array<{ result: any }>, input: string) =>
      rows.find((r) => r.result.input === input)!.result.results.search_results.map((hit: { product_id: string }) => hit.product_id);
    expect(ranking(results, 'red sofa')).toEqual(ranking(firstResults, 'red sofa'));
    // Each result is its stored ranking scored against the judgements as they are now (p1 went from 3 to 2).
    const now = (await t.call('GET', `${API}/golden-sets/${setId}/judgements/?query=red%20sofa`)).json<
      Array<{ product_id: string; grade: number }>
    >();
    const grades = new Map(now.map((j) => [j.product_id, j.grade]));
    const sofa = results.find((r) => r.result.input === 'red sofa')!.result.results;
    expect(sofa.golden_set).toContainEqual({ product_id: 'p1', relevance: 2 });
    expect(sofa.metrics).toMatchObject(runMetrics(ranking(results, 'red sofa'), grades, { k: 3 }));
    // Fewer unjudged after judging: the rescore's count of unjudged in the top k falls.
    expect(rescore.summary!.mean_metrics['unjudged@3']).toBeLessThan(first.summary.mean_metrics['unjudged@3']);
    const running = await t.db.query<{ id: number }>(
      `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status) SELECT experiment_id, 'x', 'running' FROM experiment_runs WHERE id = $1 RETURNING id`,
      [runId],
    );
    const refused = await t.call('POST', `${API}/experiment-runs/${running.rows[0].id}/rescore`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Run ${running.rows[0].id} is running: rescore it once it has finished`);
  });

  it('refuses to rescore a cancelled or failed run, saying why, and starts nothing', async () => {
    // Stopped as the engine leaves such a run: every entry copied, a result for only the first.
    const stopped = async (status: string) => {
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status, config, progress_total, progress_done)
         SELECT experiment_id, evaluation_script_name, $2, config, progress_total, 1 FROM experiment_runs WHERE id = $1 RETURNING id`,
        [runId, status],
      );
      const id = Number(rows[0].id);
      await t.db.query(
        'INSERT INTO experiment_run_entries (run_id, entry_id, input) SELECT $1, entry_id, input FROM experiment_run_entries WHERE run_id = $2',
        [id, runId],
      );
      await t.db.query(
        `INSERT INTO experiment_run_results (run_id, entry_id, experiment_configuration, result, query_key, counted)
         SELECT $1, entry_id, experiment_configuration, result, query_key, counted FROM experiment_run_results WHERE run_id = $2 ORDER BY entry_id LIMIT 1`,
        [id, runId],
      );
      return id;
    };
    const cancelled = await stopped('cancelled');
    const failed = await stopped('failed');
    const refusals = [
      [cancelled, `Run ${cancelled} was cancelled before it finished: only a run that succeeded can be rescored; start a new run instead`],
      [failed, `Run ${failed} failed: only a run that succeeded can be rescored; start a new run instead`],
    ] as const;
    for (const [id, message] of refusals) {
      const refused = await t.call('POST', `${API}/experiment-runs/${id}/rescore`);
      expect([refused.statusCode, refused.json().message]).toEqual([409, message]);
    }
    const rescores = await t.db.query('SELECT id FROM experiment_runs WHERE rescore_of = ANY($1::bigint[])', [[cancelled, failed]]);
    expect(rescores.rows).toEqual([]);
  });

  it('refuses to rescore a run whose golden set has been deleted, saying so', async () => {
    const set = (
      await t.upload(`${API}/golden-sets/`, [
        ['name', 'Short-lived'],
        ['file', { file: JUDGEMENTS }],
      ])
    ).json();
    const experiment = (
      await t.call('POST', `${API}/experiments/`, {
        name: 'Short-lived set',
        evaluation_script_id: scriptId,
        dataset_id: datasetId,
        config: { search_target: { kind: 'builtin' }, golden_set_id: set.id, k: 3 },
      })
    ).json();
    const scored = (await t.call('POST', `${API}/experiments/${experiment.id}/runs`)).json().id;
    expect((await t.runUntilEnded(scored)).status).toBe('success');
    // The experiment moves on to another set; its old one can go.
    const moved = await t.call('PATCH', `${API}/experiments/${experiment.id}`, {
      config: { search_target: { kind: 'builtin' }, golden_set_id: setId, k: 3 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.call('DELETE', `${API}/golden-sets/${set.id}`)).statusCode).toBe(204);
    const refused = await t.call('POST', `${API}/experiment-runs/${scored}/rescore`);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      `Run ${scored} was scored against golden set ${set.id}, which has since been deleted: there is nothing to rescore it against`,
    ]);
    expect((await t.db.query('SELECT id FROM experiment_runs WHERE rescore_of = $1', [scored])).rows).toEqual([]);
  });

  it('leaves out of a rescore an image URL its first run stored that the console may not show', async () => {
    const setImage = (index: number, url: string) =>
      t.db.query(
        `UPDATE experiment_run_results SET result = jsonb_set(result, ARRAY['results', 'search_results', $2, 'image_url'], to_jsonb($3::text))
         WHERE run_id = $1 AND result->>'input' = 'red sofa'`,
        [runId, String(index), url],
      );
    await setImage(0, 'javascript:alert(1)');
    await setImage(1, '/images/p.png');
    const started = await t.call('POST', `${API}/experiment-runs/${runId}/rescore`);
    expect(started.statusCode, started.body).toBe(202);
    const rescore = await t.runUntilEnded(started.json().id);
    const results = (await t.call('GET', `${API}/experiment-runs/${rescore.id}/results?page_size=10`)).json<Array<{ result: any }>>();
    const [first, second] = results.find((r) => r.result.input === 'red sofa')!.result.results.search_results;
    expect(first).not.toHaveProperty('image_url');
    expect(second.image_url).toBe('/images/p.png');
  });

  it('lists a query the run repeats once, whether judged or not', async () => {
    const script = await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
    const dataset = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Repeats', '') RETURNING id`);
    // "red sofa" is judged (one result counted, the other a repeat); "side table" is judged for nothing (UNJUDGED twice).
    for (const input of ['red sofa', 'Red sofa ', 'side table', 'Side Table']) {
      const entry = await t.db.query<{ id: number }>('INSERT INTO dataset_entries (input) VALUES ($1) RETURNING id', [input]);
      await t.db.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [
        dataset.rows[0].id,
        entry.rows[0].id,
      ]);
    }
    const experiment = await t.call('POST', `${API}/experiments/`, {
      name: 'Repeats',
      evaluation_script_id: Number(script.rows[0].id),
      dataset_id: Number(dataset.rows[0].id),
      config: { search_target: { kind: 'builtin' }, golden_set_id: setId, k: 3 },
    });
    const repeats = (await t.call('POST', `${API}/experiments/${experiment.json().id}/runs`)).json().id;
    expect((await t.runUntilEnded(repeats)).status).toBe('success');
    const statuses = (await t.call('GET', `${API}/experiment-runs/${repeats}/results?page_size=10`)).json<Array<{ result: any }>>();
    expect(statuses.map(({ result }) => result.status).sort()).toEqual(['PASS', 'PASS', 'UNJUDGED', 'UNJUDGED'].sort());
    // Every query, the one the set judges nothing for too.
    const answer = await t.call('GET', `${API}/experiment-runs/${repeats}/unjudged/?page_size=100&scope=all`);
    const items = answer.json<Array<{ query: string; product_id: string }>>();
    const pairs = items.map((item) => `${item.query.trim().toLowerCase()}|${item.product_id}`);
    expect(pairs.some((pair) => pair.startsWith('side table|'))).toBe(true);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(Number(answer.headers['x-total-count'])).toBe(items.length);
  });
});
