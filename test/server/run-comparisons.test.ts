// Comparing two runs: GET run-comparisons pairs two engine-made runs by query key, answers each
// metric's statistics over the pairs, lists the per-query rows filtered, searched, ordered and paged,
// exports them as CSV, and refuses runs it cannot compare with a message naming why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePaired } from '../../server/evaluation/paired-stats';
import { queryKey } from '../../server/evaluation/query-key';
import { startEngineRuns, type EngineRuns } from './helpers/engine-run';
import { backends, type TestApp } from './helpers/test-app';
import { comparisonCsvLine, type ComparisonRow as Row } from './helpers/comparison-csv-line';

const API = '/api/backend';

const CATALOGUE = [
  'product_id,name,description',
  'p1,Red velvet sofa,A deep red sofa',
  'p2,Blue sofa,Three seats',
  'p3,Red armchair,Matches the red sofa',
  'p4,Oak coffee table,Solid oak',
  'p5,Glass coffee table,Tempered glass',
  'p6,Oak side table,Small',
  'p7,Desk lamp,LED',
  'p8,Wool rug,Red and blue',
].join('\n');

// Between the runs the catalogue changes: the red sofa is renamed away from its query, the rug gains "oak".
const CHANGED = ['product_id,name,description', 'p1,Velvet couch,Deep colour', 'p8,Oak wool rug,Natural'].join('\n');

const JUDGEMENTS = [
  'query,product_id,relevance',
  'red sofa,p1,3',
  'red sofa,p3,1',
  'coffee table,p4,2',
  'coffee table,p5,1',
  'oak table,p6,2',
  'oak table,p4,1',
  'desk lamp,p7,2',
  'wool rug,p8,2',
  'glass table,p5,2',
].join('\n');

/** 'wool rug' is only in the baseline's dataset, 'glass table' only in the candidate's. */
const BOTH = ['red sofa', 'coffee table', 'Oak  Table', 'desk lamp'];

describe.each(backends)('run comparisons (%s)', (backend) => {
  let engine: EngineRuns;
  let t: TestApp;
  let baseline: { id: number; experiment_id: number };
  let candidate: { id: number; experiment_id: number };
  let datasetId: number;
  let goldenSetId: number;
  let scriptId: number;
  /** Each run's counted results: query key → result id and metrics. */
  const scored = new Map<number, Map<string, { id: number; input: string; metrics: Record<string, number> }>>();

  const compare = (query: string) => t.call('GET', `${API}/run-comparisons/?baseline=${baseline.id}&candidate=${candidate.id}&${query}`);

  async function finishedRun(experimentId: number) {
    const run = await engine.finishedRun(experimentId);
    const runId = run.id;
    const results = (await t.call('GET', `${API}/experiment-runs/${runId}/results?page_size=100&status=PASS,FAIL`)).json<
      Array<{ id: number; result: any }>
    >();
    const byKey = new Map<string, { id: number; input: string; metrics: Record<string, number> }>();
    for (const r of results.sort((a, b) => a.id - b.id)) {
      const key = queryKey(r.result.input);
      if (!byKey.has(key)) byKey.set(key, { id: r.id, input: r.result.input, metrics: r.result.results.metrics });
    }
    scored.set(runId, byKey);
    return run;
  }

  beforeAll(async () => {
    engine = await startEngineRuns(backend, { name: 'Compare', catalogue: CATALOGUE, judgements: JUDGEMENTS });
    ({ t, goldenSetId, scriptId, datasetId } = engine);
    for (const input of BOTH) await engine.addEntry(input);
    const rug = await engine.addEntry('wool rug');
    const experimentId = await engine.addExperiment('Compare', { k: 3 });
    baseline = await finishedRun(experimentId);
    await t.db.query('DELETE FROM dataset_entry_mappings WHERE dataset_entry_id = $1', [rug]);
    await engine.addEntry('glass table');
    await engine.importCatalogue(CHANGED);
    candidate = await finishedRun(experimentId);
  }, 90_000);
  afterAll(() => t?.close());

  it('pairs the runs by query key and answers every metric both have, with its statistics over the pairs', async () => {
    const response = await compare('');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.baseline).toMatchObject({ id: baseline.id, experiment_name: 'Compare', dataset_id: datasetId, golden_set_id: goldenSetId });
    expect(body.candidate).toMatchObject({ id: candidate.id, status: 'success' });
    expect([body.paired, body.only_baseline, body.only_candidate]).toEqual([4, 1, 1]);
    expect(body.metrics.map((m: { name: string }) => m.name)).toEqual([
      'ndcg@3',
      'precision@3',
      'recall@3',
      'f1@3',
      'reciprocal_rank@3',
      'average_precision@3',
    ]);
    expect(body.metric).toBe('ndcg@3');
    const [before, after] = [scored.get(baseline.id)!, scored.get(candidate.id)!];
    const keys = BOTH.map(queryKey);
    for (const metric of body.metrics) {
      const values = (run: typeof before) => keys.map((key) => run.get(key)!.metrics[metric.name]);
      const [b, c] = [values(before), values(after)];
      const expected = comparePaired(c.map((value, i) => value - b[i]));
      const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
      expect(metric.baseline_mean, metric.name).toBeCloseTo(mean(b), 12);
      expect(metric.candidate_mean, metric.name).toBeCloseTo(mean(c), 12);
      expect(metric.delta, metric.name).toBeCloseTo(expected.meanDelta, 12);
      expect(metric.relative_delta).toBe(mean(b) === 0 ? null : metric.delta / mean(b));
      expect([metric.wins, metric.ties, metric.losses]).toEqual([expected.wins, expected.ties, expected.losses]);
      expect(metric.p_value_t).toBe(expected.pValueT);
      expect(metric.p_value_randomization).toBe(expected.pValueRandomization);
      expect(metric.ci95).toEqual(expected.ci95);
    }
    // The renamed sofa is a regression of red sofa's nDCG; the histogram holds every changed delta once.
    const ndcg = body.metrics[0];
    expect(ndcg.losses).toBeGreaterThan(0);
    const binned = body.histogram.bins.reduce((sum: number, bin: { count: number }) => sum + bin.count, 0);
    expect(binned + body.histogram.unchanged).toBe(4);
    expect(body.histogram.unchanged).toBe(ndcg.ties);
    expect(body.histogram.bins).toHaveLength(40);
    expect(body.histogram.bins[0]).toEqual({ from: -1, to: -0.95, count: expect.any(Number) });
  });

  it('lists the pairs by delta, regressions first, then improvements first, with the total in X-Total-Count', async () => {
    const [before, after] = [scored.get(baseline.id)!, scored.get(candidate.id)!];
    const expected = BOTH.map(queryKey).map((key) => {
      const [b, c] = [before.get(key)!, after.get(key)!];
      return {
        key,
        query: b.input,
        baseline_result_id: b.id,
        candidate_result_id: c.id,
        baseline: b.metrics['recall@3'],
        candidate: c.metrics['recall@3'],
      };
    });
    const rows = expected.map((row) => ({ ...row, delta: row.candidate - row.baseline }));
    const byDelta = (sign: number) => [...rows].sort((a, b) => sign * (a.delta - b.delta) || (a.key < b.key ? -1 : 1));
    const strip = ({ key: _key, ...row }: (typeof rows)[number]) => row;
    for (const [order, sign] of [
      ['asc', 1],
      ['desc', -1],
    ] as const) {
      const page1 = await compare(`metric=recall@3&order=${order}&page_size=3`);
      expect(page1.headers['x-total-count']).toBe('4');
      const page2 = await compare(`metric=recall@3&order=${order}&page_size=3&page=2`);
      const listed = [...page1.json<{ results: Row[] }>().results, ...page2.json<{ results: Row[] }>().results];
      expect(listed.map(({ overlap: _overlap, ...row }) => row)).toEqual(byDelta(sign).map(strip));
    }
    const regressions = (await compare('filter=regressions')).json<{ results: Row[] }>().results;
    expect(regressions.length).toBeGreaterThan(0);
    expect(regressions.every((row) => row.delta! < 0)).toBe(true);
    expect(regressions[0].query).toBe('red sofa');
    const improvements = (await compare('filter=improvements')).json<{ results: Row[] }>().results;
    expect(improvements.every((row) => row.delta! > 0)).toBe(true);
    const unchanged = await compare('filter=unchanged');
    expect(Number(unchanged.headers['x-total-count']) + regressions.length + improvements.length).toBe(4);
  });

  it('lists the queries only one run scored apart, and searches the query text', async () => {
    const onlyBaseline = await compare('filter=only_baseline');
    expect(onlyBaseline.json().results).toEqual([
      expect.objectContaining({ query: 'wool rug', candidate_result_id: null, candidate: null, delta: null, baseline: expect.any(Number) }),
    ]);
    const onlyCandidate = (await compare('filter=only_candidate')).json<{ results: Row[] }>().results;
    expect(onlyCandidate.map((row) => [row.query, row.baseline_result_id])).toEqual([['glass table', null]]);
    const searched = await compare('search=TABLE');
    expect(searched.headers['x-total-count']).toBe('2');
    expect(
      searched
        .json<{ results: Row[] }>()
        .results.map((row) => row.query)
        .sort(),
    ).toEqual(['Oak  Table', 'coffee table']);
  });

  it('exports the rows of a filter as formula-safe CSV', async () => {
    const csv = await t.call('GET', `${API}/run-comparisons/results.csv?baseline=${baseline.id}&candidate=${candidate.id}&metric=ndcg@3`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`run-${baseline.id}-vs-run-${candidate.id}-ndcg-3.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'query,baseline_result_id,candidate_result_id,baseline_ndcg@3,candidate_ndcg@3,delta_ndcg@3,overlap@3,jaccard@3,rbo_min,rbo_ext',
    );
    const rows = (await compare('metric=ndcg@3&page_size=100')).json<{ results: Row[] }>().results;
    expect(lines.slice(1)).toEqual(rows.map((row) => comparisonCsvLine(row)));
    // A query starting like a formula is written as text. (A run that changes is compared afresh.)
    await t.db.query(`UPDATE experiment_run_results SET result = jsonb_set(result, '{input}', '"=cmd|x"') WHERE id = $1`, [
      rows[0].baseline_result_id,
    ]);
    await t.db.query(`UPDATE experiment_runs SET updated_at = now() + interval '1 second' WHERE id = $1`, [baseline.id]);
    const safe = await t.call('GET', `${API}/run-comparisons/results.csv?baseline=${baseline.id}&candidate=${candidate.id}&metric=ndcg@3`);
    expect(safe.body.split('\r\n')[1]).toMatch(/^'=cmd\|x,/);
  });

  it('compares, exports and sorts by every metric both runs have, F1 and the measures at k among them', async () => {
    const names = (await compare('')).json<{ metrics: Array<{ name: string }> }>().metrics.map((metric) => metric.name);
    expect(names).toContain('f1@3');
    const after = scored.get(candidate.id)!;
    for (const name of names) {
      const metric = encodeURIComponent(name);
      const page = await compare(`metric=${metric}&page_size=100`);
      expect(page.statusCode, `${name}: ${page.body}`).toBe(200);
      const body = page.json<{ metric: string; results: Row[] }>();
      expect(body.metric).toBe(name);
      const byId = new Map([...after.values()].map((result) => [result.id, result.metrics[name]]));
      expect(body.results.map((row) => row.candidate)).toEqual(body.results.map((row) => byId.get(row.candidate_result_id!) ?? null));
      const csv = await t.call(
        'GET',
        `${API}/run-comparisons/results.csv?baseline=${baseline.id}&candidate=${candidate.id}&metric=${metric}`,
      );
      expect(csv.statusCode, `${name}: ${csv.body}`).toBe(200);
      expect(csv.body.trimEnd().split('\r\n')).toHaveLength(body.results.length + 1);
      const sorted = await t.call(
        'GET',
        `${API}/experiment-runs/${candidate.id}/results?status=PASS,FAIL&sort=${metric}&order=desc&page_size=100`,
      );
      expect(sorted.statusCode, `${name}: ${sorted.body}`).toBe(200);
      const values = sorted.json<Array<{ result: any }>>().map((r) => r.result.results.metrics[name] as number);
      expect(values.length).toBeGreaterThan(0);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    }
  });

  it('refuses what it cannot compare, naming the reason', async () => {
    const same = await t.call('GET', `${API}/run-comparisons/?baseline=${baseline.id}&candidate=${baseline.id}`);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toContain('another run');
    const missing = await t.call('GET', `${API}/run-comparisons/?baseline=${baseline.id}&candidate=999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Experiment run 999999 not found');
    const metric = await compare('metric=ndcg@10');
    expect(metric.statusCode).toBe(400);
    expect(metric.json().message).toBe(
      'querystring.metric must be one of the metrics both runs have (ndcg@3, precision@3, recall@3, f1@3, reciprocal_rank@3, average_precision@3), got "ndcg@10"',
    );
    const filter = await compare('filter=worse');
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toContain('filter');
    const running = await t.db.query<{ id: number }>(
      `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status) VALUES ($1, 'x', 'running') RETURNING id`,
      [baseline.experiment_id],
    );
    const unfinished = await t.call('GET', `${API}/run-comparisons/?baseline=${baseline.id}&candidate=${running.rows[0].id}`);
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json().message).toBe(`Run ${running.rows[0].id} is running: compare it once it has finished`);
    const other = await t.db.query<{ id: number }>(
      `WITH d AS (INSERT INTO datasets (name, description) VALUES ('Other', '') RETURNING id),
            x AS (INSERT INTO experiments (name, evaluation_script_id, dataset_id, description) SELECT 'Other', $1, d.id, '' FROM d RETURNING id)
       INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status, config) SELECT id, 'x', 'success', '{"golden_set_id": 999}' FROM x RETURNING id`,
      [scriptId],
    );
    const unrelated = await t.call('GET', `${API}/run-comparisons/?baseline=${baseline.id}&candidate=${other.rows[0].id}`);
    expect(unrelated.statusCode).toBe(409);
    expect(unrelated.json().message).toContain('share neither a dataset nor a golden set');
    const comparable = await t.call('GET', `${API}/experiment-runs/${baseline.id}/comparable-runs`);
    expect(comparable.statusCode, comparable.body).toBe(200);
    // The candidate, not the running run, nor the unrelated one, nor the run itself.
    expect(comparable.json().runs.map((run: { id: number }) => run.id)).toEqual([candidate.id]);
    expect(comparable.headers['x-total-count']).toBe('1');
    expect((await t.call('GET', `${API}/experiment-runs/999999/comparable-runs`)).statusCode).toBe(404);
  });

  it('reads each run as it was kept when the run ended, and a run kept without its scores answers the same', async () => {
    const kept = await t.db.query<{ run_id: number }>(
      'SELECT run_id FROM run_score_lines WHERE run_id = ANY($1::bigint[]) ORDER BY run_id',
      [[baseline.id, candidate.id]],
    );
    expect(kept.rows.map((row) => Number(row.run_id))).toEqual([baseline.id, candidate.id]);
    const metrics = (await compare('')).json<{ metrics: Array<{ name: string; delta: number; p_value_randomization: number }> }>().metrics;
    // As for a run that ended before scores were kept: the verdict (another comparison: two metrics) reads the results.
    await t.db.query('DELETE FROM run_score_lines WHERE run_id = ANY($1::bigint[])', [[baseline.id, candidate.id]]);
    const verdict = await t.call(
      'GET',
      `${API}/run-comparisons/verdict?baseline=${baseline.id}&candidate=${candidate.id}&rule=recall@3:0.5,ndcg@3:0.5`,
    );
    expect(verdict.statusCode, verdict.body).toBe(200);
    for (const check of verdict.json<{ checks: Array<{ metric: string; delta: number; p_value: number }> }>().checks) {
      const shown = metrics.find((metric) => metric.name === check.metric)!;
      expect([check.delta, check.p_value], check.metric).toEqual([shown.delta, shown.p_value_randomization]);
    }
    const keptAgain = await t.db.query('SELECT 1 FROM run_score_lines WHERE run_id = ANY($1::bigint[])', [[baseline.id, candidate.id]]);
    expect(keptAgain.rows).toHaveLength(2);
  });
});
