import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryKey } from '../../server/evaluation/query-key';
import { scoreRanking, testResultText } from '../../server/evaluation/metrics';
import { trecQueryMeasures } from '../../server/evaluation/trec-eval';
import { forEachRunQuery, readQrels } from '../../server/evaluation/trec-files';
import { BuiltinSearchTarget } from '../../server/search/builtin-search';
import { startRun } from '../../server/runs/start-run';
import { processRunSlice, runToCompletion } from '../../server/runs/process-run';
import type { RunQueue } from '../../server/runs/run-queue';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';

const CATALOGUE = [
  'product_id,name,description',
  'p1,Red velvet sofa,A deep red sofa',
  'p2,Blue sofa,Three seats',
  'p3,Red armchair,Matches the red sofa',
  'p4,Oak coffee table,Solid oak',
  'p5,Glass coffee table,Tempered glass',
  'p6,Sofa bed,Sleeps two',
  'p7,Desk lamp,LED',
].join('\n');

const JUDGEMENTS = [
  'query,product_id,relevance',
  'red sofa,p1,3',
  'red sofa,p2,1',
  'red sofa,p3,1',
  'coffee table,p4,2',
  'coffee table,p5,1',
  'coffee table,p9,3',
  'blue sofa,p2,2',
  'floor lamp,p7,1',
  'floor lamp,p8,0',
].join('\n');

/** Entry inputs: judged ones (one in other case and spacing), a query judged only 0, unjudged ones. */
const INPUTS = ['red sofa', 'coffee table', '  Blue   SOFA ', 'floor lamp', 'armchair', '=HYPERLINK("x")'];
const K = 3;

/** Never queued: the tests that call processRunSlice themselves. */
const noQueue: RunQueue = { enqueue: async () => {}, committed: () => {}, startWorker: async () => {}, close: async () => {} };

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A search service that answers after `delayMs` with the catalogue's ids whose name has the query's first word. */
async function startSlowService(delayMs: number): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests++;
    const q = new URL(request.url!, 'http://x').searchParams.get('q') ?? '';
    setTimeout(() => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ hits: [{ id: 'p1', title: `result for ${q}` }, { id: 'p2' }] }));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/search?q={query}&n={k}`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends)('experiment runs (%s)', (backend) => {
  let t: TestApp;
  let goldenSetId: number;
  let scriptId: number;
  let datasetId: number;

  async function createExperiment(config: object, dataset = datasetId) {
    const response = await t.call('POST', `${API}/experiments/`, {
      name: 'Builtin k=3',
      evaluation_script_id: scriptId,
      dataset_id: dataset,
      config,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  }

  type RunAnswer = { status: string; [field: string]: any };
  const getRun = async (runId: number): Promise<RunAnswer> => (await t.call('GET', `${API}/experiment-runs/${runId}`)).json();
  const finished = (run: RunAnswer) => !['pending', 'running'].includes(run.status);

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { runWorker: true, slice: { retryDelaysMs: [10] } });
    const imported = await t.upload(`${API}/catalogue/import`, [['file', { file: CATALOGUE }]]);
    expect(imported.statusCode, imported.body).toBe(200);
    const uploaded = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Runs test set'],
      ['file', { file: JUDGEMENTS }],
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    goldenSetId = uploaded.json<{ id: number }>().id;
    scriptId = Number(
      (await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`)).rows[0].id,
    );
    const priced = await t.call('PATCH', `${API}/evaluation-scripts/${scriptId}`, { cost_per_evaluation: 0.25 });
    expect(priced.json()).toMatchObject({ name: 'Golden set relevance', cost_per_evaluation: 0.25 });
    expect((await t.call('PATCH', `${API}/evaluation-scripts/${scriptId}`, { cost_per_evaluation: -1 })).statusCode).toBe(400);
    datasetId = Number(
      (await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Runs', 'x') RETURNING id`)).rows[0].id,
    );
    for (const input of INPUTS) {
      const entry = await t.db.query<{ id: number }>('INSERT INTO dataset_entries (input) VALUES ($1) RETURNING id', [input]);
      await t.db.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [datasetId, entry.rows[0].id]);
    }
  }, 60_000);
  afterAll(() => t?.close());

  it('searches and scores every entry once, in the spec’s result shape, with the run’s means and cost', async () => {
    const experimentId = await createExperiment({
      search_target: { kind: 'builtin' },
      golden_set_id: goldenSetId,
      k: K,
      pass_threshold: 0.5,
    });
    const started = await t.call('POST', `${API}/experiments/${experimentId}/runs`, { tags: ['nightly', ' nightly ', 'v2'] });
    expect(started.statusCode, started.body).toBe(202);
    const run = started.json();
    expect(run).toMatchObject({
      evaluation_script_name: 'Golden set relevance',
      tags: ['nightly', 'v2'],
      progress: { done: 0, total: INPUTS.length },
    });
    expect(['pending', 'running']).toContain(run.status);

    const done = await t.runUntilEnded(run.id);
    expect(done).toMatchObject({
      status: 'success',
      error: null,
      progress: { done: INPUTS.length, total: INPUTS.length },
      experiment_id: experimentId,
    });

    const results = (await t.call('GET', `${API}/experiment-runs/${run.id}/results?page_size=100`)).json<
      Array<{ experiment_configuration: object; result: any }>
    >();
    expect(results.map((r) => r.result.input).sort()).toEqual([...INPUTS].sort());
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(DISTINCT entry_id)::int AS n FROM experiment_run_results WHERE run_id = $1',
      [run.id],
    );
    expect(rows[0].n).toBe(INPUTS.length);

    // Each result is what the built-in search returns, scored against the judgements of its query key.
    const judgements = new Map<string, Map<string, number>>();
    for (const line of JUDGEMENTS.split('\n').slice(1)) {
      const [query, id, grade] = line.split(',');
      if (!judgements.has(queryKey(query))) judgements.set(queryKey(query), new Map());
      judgements.get(queryKey(query))!.set(id, Number(grade));
    }
    const target = new BuiltinSearchTarget(t.db);
    const scored: number[] = [];
    for (const { result, experiment_configuration } of results) {
      expect(experiment_configuration).toMatchObject({ golden_set_id: goldenSetId, k: K, gain: 'linear' });
      const hits = await target.search(result.input, K);
      const judged = judgements.get(queryKey(result.input)) ?? new Map();
      const scores = scoreRanking(
        hits.map((h) => h.product_id),
        judged,
        { k: K },
      );
      expect(result.results.search_results).toEqual(hits);
      expect(result.results.metrics).toMatchObject({
        [`ndcg@${K}`]: scores.ndcg,
        [`precision@${K}`]: scores.precision,
        [`recall@${K}`]: scores.recall,
      });
      expect(result.test_result.startsWith(testResultText(scores))).toBe(true);
      expect(result.results.golden_set).toHaveLength(judged.size);
      expect(result.version).toBe('builtin search');
      if (scores.notScored) {
        expect(result.status).toBe('UNJUDGED');
        expect(result.test_result).toMatch(/No relevant judgements$/);
      } else {
        expect(result.status).toBe(scores.ndcg >= 0.5 ? 'PASS' : 'FAIL');
        scored.push(scores.ndcg);
      }
    }
    const blue = results.find((r) => r.result.input === INPUTS[2])!.result;
    expect(blue.results.golden_set).toEqual([{ product_id: 'p2', relevance: 2 }]);
    expect(results.find((r) => r.result.input === 'coffee table')!.result.results.missings).toContain('p9');

    const summary = (await getRun(run.id)).summary;
    expect(summary).toMatchObject({
      results: INPUTS.length,
      unjudged: 2,
      errors: 0,
      passed: expect.any(Number),
      failed: expect.any(Number),
    });
    expect(summary.passed + summary.failed).toBe(scored.length);
    expect(summary.mean_metrics[`ndcg@${K}`]).toBeCloseTo(scored.reduce((a, b) => a + b, 0) / scored.length, 12);
    expect(done.total_cost).toBeCloseTo(0.25 * INPUTS.length, 6);
  });

  it('exports the results as formula-safe CSV and as a TREC run that reproduces the scores', async () => {
    const experimentId = await createExperiment({ search_target: { kind: 'builtin' }, golden_set_id: goldenSetId, k: K });
    const run = (await t.call('POST', `${API}/experiments/${experimentId}/runs`)).json();
    await t.runUntilEnded(run.id);

    const csv = await t.call('GET', `${API}/experiment-runs/${run.id}/results.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="run-${run.id}-Builtin-k-3.csv"; filename*=UTF-8''run-${run.id}-Builtin-k-3.csv`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      `entry_id,input,status,version,test_result,average_precision@${K},dcg@${K},f1@${K},idcg@${K},ndcg@${K},precision@${K},recall@${K},reciprocal_rank@${K},unjudged@${K},search_results,commons,missings,leftovers`,
    );
    expect(lines).toHaveLength(INPUTS.length + 1);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);

    const dir = await mkdtemp(join(tmpdir(), 'run-export-'));
    const qrels = await t.call('GET', `${API}/golden-sets/${goldenSetId}/export.qrels`);
    const trec = await t.call('GET', `${API}/experiment-runs/${run.id}/results.trec`);
    expect(trec.statusCode).toBe(200);
    expect(trec.body).toMatch(new RegExp(`^\\d+ Q0 p\\d 1 \\d+ run-${run.id}$`, 'm'));
    await writeFile(join(dir, 'qrels'), qrels.body);
    await writeFile(join(dir, 'run'), trec.body);
    const judged = readQrels(join(dir, 'qrels'));
    const queries = (await t.call('GET', `${API}/golden-sets/${goldenSetId}/export.queries.tsv`)).body;
    const textOf = new Map(
      queries
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t') as [string, string]),
    );
    const stored = (await t.call('GET', `${API}/experiment-runs/${run.id}/results?page_size=100`)).json<Array<{ result: any }>>();
    let compared = 0;
    forEachRunQuery(join(dir, 'run'), (qid, ranking) => {
      const result = stored.find((r) => queryKey(r.result.input) === queryKey(textOf.get(qid) ?? `unjudged ${qid}`));
      if (!result || !judged.has(qid)) return;
      expect(ranking).toEqual(result.result.results.search_results.map((h: { product_id: string }) => h.product_id));
      expect(trecQueryMeasures(ranking, judged.get(qid)!, { k: K, gain: 'linear', relevantFrom: 1 }).ndcg).toBeCloseTo(
        result.result.results.metrics[`ndcg@${K}`],
        12,
      );
      compared++;
    });
    expect(compared).toBe(3);
  });

  it('refuses what it cannot run, naming the reason', async () => {
    expect((await t.call('POST', `${API}/experiments/999999/runs`)).statusCode).toBe(404);

    const bare = (
      await t.call('POST', `${API}/experiments/`, { name: 'No config', evaluation_script_id: scriptId, dataset_id: datasetId })
    ).json();
    const noConfig = await t.call('POST', `${API}/experiments/${bare.id}/runs`);
    expect(noConfig.statusCode).toBe(409);
    expect(noConfig.json().message).toBe(
      `Experiment 'No config' has no run configuration: set its search target and golden set (Edit on its runs page, or PATCH /api/backend/experiments/${bare.id}).`,
    );

    const external = (
      await t.db.query<{ id: number }>(
        `INSERT INTO evaluation_scripts (name, script_class, script_module) VALUES ('Elsewhere', 'X', 'y') RETURNING id`,
      )
    ).rows[0].id;
    const elsewhere = (
      await t.call('POST', `${API}/experiments/`, {
        name: 'Other script',
        evaluation_script_id: Number(external),
        dataset_id: datasetId,
        config: { search_target: { kind: 'builtin' }, golden_set_id: goldenSetId },
      })
    ).json();
    const refused = await t.call('POST', `${API}/experiments/${elsewhere.id}/runs`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/uses the script 'Elsewhere', which this server cannot run/);

    const empty = Number(
      (await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Empty', 'x') RETURNING id`)).rows[0].id,
    );
    const emptyRun = await t.call(
      'POST',
      `${API}/experiments/${await createExperiment({ search_target: { kind: 'builtin' }, golden_set_id: goldenSetId }, empty)}/runs`,
    );
    expect(emptyRun.statusCode).toBe(409);
    expect(emptyRun.json().message).toMatch(/its dataset 'Empty' has no entries/);

    const secret = await createExperiment({
      search_target: {
        kind: 'http',
        url: 'http://127.0.0.1:9/s?q={query}',
        hits: '/hits',
        product_id: '/id',
        headers: { Authorization: 'ApiKey {env:SEARCH_TARGET_RUNS_TEST_UNSET}' },
      },
      golden_set_id: goldenSetId,
    });
    const missingEnv = await t.call('POST', `${API}/experiments/${secret}/runs`);
    expect(missingEnv.statusCode).toBe(409);
    expect(missingEnv.json().message).toMatch(/SEARCH_TARGET_RUNS_TEST_UNSET/);

    const badK = await t.call('PATCH', `${API}/experiments/${bare.id}`, {
      config: { search_target: { kind: 'builtin' }, golden_set_id: goldenSetId, k: 0 },
    });
    expect(badK.statusCode).toBe(400);
    expect(badK.json().message).toMatch(/config\.k/);
    const noSet = await t.call('PATCH', `${API}/experiments/${bare.id}`, {
      config: { search_target: { kind: 'builtin' }, golden_set_id: 987654 },
    });
    expect(noSet.statusCode).toBe(400);
    expect(noSet.json().message).toBe('body.config.golden_set_id: golden set 987654 does not exist');
    const leaky = await t.call('PATCH', `${API}/experiments/${bare.id}`, {
      config: {
        search_target: {
          kind: 'http',
          url: 'http://evil.example/?q={query}',
          hits: '/h',
          product_id: '/id',
          headers: { 'X-Leak': '{env:DATABASE_URL}' },
        },
        golden_set_id: goldenSetId,
      },
    });
    expect(leaky.statusCode).toBe(400);
    expect(leaky.json().message).toMatch(
      /^body\.config\.search_target: headers\.X-Leak contains \{env:DATABASE_URL\}, which is not a valid \{env:NAME\}: the name must start with SEARCH_TARGET_/,
    );
    const fixed = await t.call('PATCH', `${API}/experiments/${bare.id}`, {
      config: { search_target: { kind: 'builtin' }, golden_set_id: goldenSetId },
    });
    expect(fixed.statusCode).toBe(200);
    expect((await t.call('GET', `${API}/experiments/${bare.id}`)).json().config).toEqual({
      search_target: { kind: 'builtin' },
      golden_set_id: goldenSetId,
    });
    expect((await t.call('POST', `${API}/experiments/${bare.id}/runs`, { tags: [''] })).statusCode).toBe(400);
    expect((await t.call('POST', `${API}/experiments/${bare.id}/runs`, { tags: [] })).statusCode).toBe(202);
  });

  it('cancels a running run: its results so far stay and no more come', async () => {
    const service = await startSlowService(150);
    try {
      const experimentId = await createExperiment({
        search_target: { kind: 'http', url: service.url, hits: '/hits', product_id: '/id', name: '/title', concurrency: 1 },
        golden_set_id: goldenSetId,
        k: K,
      });
      const run = (await t.call('POST', `${API}/experiments/${experimentId}/runs`)).json();
      await until(
        'a first result',
        () => getRun(run.id),
        (r) => r.progress.done >= 1 || finished(r),
      );
      const cancelled = await t.call('POST', `${API}/experiment-runs/${run.id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().status).toBe('cancelled');
      const kept = cancelled.json().progress.done;
      expect(kept).toBeLessThan(INPUTS.length);
      await new Promise((resolve) => setTimeout(resolve, 800));
      const after = await getRun(run.id);
      expect(after).toMatchObject({ status: 'cancelled', progress: { done: kept } });
      expect(after.summary.results).toBe(kept);
      const again = await t.call('POST', `${API}/experiment-runs/${run.id}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(`Experiment run ${run.id} has already finished (cancelled).`);
    } finally {
      await service.close();
    }
  });

  it('marks failed searches as ERROR results and fails a run whose searches mostly fail', async () => {
    const experimentId = await createExperiment({
      search_target: { kind: 'http', url: 'http://127.0.0.1:9/unreachable?q={query}', hits: '/hits', product_id: '/id', timeout_ms: 500 },
      golden_set_id: goldenSetId,
      k: K,
    });
    const run = (await t.call('POST', `${API}/experiments/${experimentId}/runs`)).json();
    const done = await t.runUntilEnded(run.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(
      new RegExp(`^${INPUTS.length} of ${INPUTS.length} searches failed\\. The first: Search failed: Search target could not be reached`),
    );
    expect(done.summary).toMatchObject({ results: INPUTS.length, errors: INPUTS.length, mean_metrics: {} });
    expect(done.total_cost).toBe(0);
  });

  it('resumes a stopped run where its results stop, and never stores an entry twice', async () => {
    const experimentId = await createExperiment({ search_target: { kind: 'builtin' }, golden_set_id: goldenSetId, k: K });
    const run = await startRun(t.db, noQueue, { sub: 'test-user', name: 'Test user' }, experimentId, []);
    const runId = Number(run.id);
    // A worker stopped after its first batch of two: two results, the run still running.
    const stop = new AbortController();
    let searched = 0;
    const outcome = await processRunSlice(t.db, runId, {
      batchSize: 2,
      signal: stop.signal,
      createTarget: (_config, db) => ({
        kind: 'builtin',
        search: async (query, k) => {
          const hits = await new BuiltinSearchTarget(db).search(query, k);
          if (++searched === 2) stop.abort();
          return hits;
        },
      }),
    });
    expect(outcome).toBe('more');
    expect((await getRun(runId)).progress).toEqual({ done: 2, total: INPUTS.length });
    // Two workers resume it at once (a lost job retried while its worker still runs).
    await Promise.all([runToCompletion(t.db, runId, { batchSize: 2 }), runToCompletion(t.db, runId, { batchSize: 1 })]);
    const done = await getRun(runId);
    expect(done).toMatchObject({ status: 'success', progress: { done: INPUTS.length, total: INPUTS.length } });
    const { rows } = await t.db.query<{ n: number; entries: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT entry_id)::int AS entries FROM experiment_run_results WHERE run_id = $1',
      [runId],
    );
    expect(rows[0]).toEqual({ n: INPUTS.length, entries: INPUTS.length });
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API}/experiments/1/runs` });
    expect(response.statusCode).toBe(401);
  });
});
