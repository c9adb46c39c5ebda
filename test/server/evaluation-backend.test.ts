import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/demo/seed-demo-data';
import { compareWithGoldenSet, runMetrics } from '../../server/evaluation/metrics';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

interface Result {
  id: number;
  experiment_configuration: { k: number };
  result: {
    input: string;
    status: string;
    test_result: string;
    results: {
      metrics: Record<string, number>;
      search_results: { product_id: string; name: string; image_url: string }[];
      golden_set: { product_id: string; relevance: number }[];
      commons: string[];
      missings: string[];
      leftovers: string[];
    };
  };
}

describe.each(backends)('evaluation backend API with the demo data on %s', (backend) => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp(backend);
    headers = await t.auth();
    expect(await seedDemoData(t.db)).toBe(true);
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, auth = true) => t.app.inject({ method: 'GET', url: `/api/backend${url}`, headers: auth ? headers : {} });

  it('seeds once: a second start leaves the data alone', async () => {
    expect(await seedDemoData(t.db)).toBe(false);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dataset_entries');
    expect(rows[0].n).toBe(480);
  });

  it('requires a bearer token on every backend route', async () => {
    for (const url of ['/experiments/', '/evaluation-scripts/', '/evaluation-scripts/1', '/experiment-runs/by_experiment/1']) {
      expect((await get(url, false)).statusCode, url).toBe(401);
    }
  });

  it('lists experiments newest first with the total', async () => {
    const response = await get('/experiments/?page=1&page_size=20');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('6');
    const experiments = response.json();
    expect(experiments.map((e: { name: string }) => e.name)).toEqual([
      'Built-in search · WANDS US golden set',
      'Wall art embeddings',
      'Bed facet boosts',
      'Rug synonyms',
      'Semantic rerank for chairs',
      'BM25 baseline',
    ]);
    const past = await get('/experiments/?page=2&page_size=20');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('6');
    // All the demo's: the console labels them so.
    expect(experiments.every((e: { demo: boolean }) => e.demo)).toBe(true);
    expect(Object.keys(experiments[0]).sort()).toEqual([
      'created_at',
      'dataset_id',
      'dataset_name',
      'demo',
      'description',
      'evaluation_script_id',
      'id',
      'name',
      'updated_at',
    ]);
  });

  it('answers scripts as an object with a results array, one script, and its experiments', async () => {
    const list = (await get('/evaluation-scripts/?page=1&page_size=20')).json();
    expect(list.count).toBe(3);
    const golden = list.results.find((s: { name: string }) => s.name === 'Golden set relevance');
    // The built-in script (migration 006), priced by the demo data.
    expect(golden).toMatchObject({ cost_per_evaluation: 0.0002, script_class: 'scoredResult', script_module: 'server/runs/run-result' });
    const metricNames = Object.keys(golden.output_schema.patternProperties).map((pattern) => new RegExp(pattern));
    for (const name of [
      'ndcg@10',
      'ndcg@10_exp',
      'precision@10',
      'recall@10',
      'f1@10',
      'reciprocal_rank@10',
      'average_precision@10',
      'dcg@10',
      'unjudged@10',
    ]) {
      expect(
        metricNames.some((pattern) => pattern.test(name)),
        name,
      ).toBe(true);
    }
    expect((await get(`/evaluation-scripts/${golden.id}`)).json()).toEqual(golden);
    const experiments = (await get(`/evaluation-scripts/${golden.id}/experiments?page=1&page_size=2`)).json();
    expect(experiments.count).toBe(4);
    expect(experiments.results.map((e: { name: string }) => e.name)).toEqual([
      'Built-in search · WANDS US golden set',
      'Wall art embeddings',
    ]);
    // Each row names its dataset beside the id, as the dataset itself is named.
    const [first] = experiments.results as Array<{ dataset_id: number; dataset_name: string }>;
    expect(first.dataset_name).toBe((await t.db.query('SELECT name FROM datasets WHERE id = $1', [first.dataset_id])).rows[0].name);
  });

  it('seeds one real run of the runnable demo experiment, finished, with real numbers', async () => {
    const experiments = (await get('/experiments/?page=1&page_size=20')).json();
    const runnable = experiments.find((e: { name: string }) => e.name === 'Built-in search · WANDS US golden set');
    const runs = (await get(`/experiment-runs/by_experiment/${runnable.id}`)).json();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'success', tags: ['demo'], progress: { done: 60, total: 60 }, error: null });
    const run = (await get(`/experiment-runs/${runs[0].id}`)).json();
    expect(run.summary.results).toBe(60);
    expect(run.summary.mean_metrics['ndcg@10']).toBeGreaterThan(0);
    expect(run.summary.mean_metrics['ndcg@10']).toBeLessThan(1);
    expect(run.total_cost).toBeCloseTo(0.0002 * (60 - run.summary.errors), 6);
  });

  it('answers 404 for missing ids and 400 for ids that are not positive integers', async () => {
    for (const url of [
      '/evaluation-scripts/9999',
      '/evaluation-scripts/9999/experiments',
      '/experiment-runs/by_experiment/9999',
      '/experiment-runs/9999/results',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await get('/evaluation-scripts/abc')).statusCode).toBe(400);
    expect((await get('/experiment-runs/by_experiment/0')).statusCode).toBe(400);
  });

  it('lists runs of an experiment, unpaged, with tags, statuses and costs', async () => {
    const experiments = (await get('/experiments/')).json();
    const baseline = experiments.find((e: { name: string }) => e.name === 'BM25 baseline');
    const runs = (await get(`/experiment-runs/by_experiment/${baseline.id}`)).json();
    expect(runs.map((r: { status: string; tags: string[] }) => [r.status, r.tags])).toEqual([
      ['failed', ['hotfix']],
      ['success', ['nightly']],
      ['success', ['baseline', 'nightly']],
    ]);
    expect(runs[1].total_cost).toBeCloseTo(60 * 0.0002, 6);
    expect(runs[1].evaluation_script_name).toBe('Golden set relevance');
  });

  it('pages an experiment’s runs when asked, with the total, and refuses a page below 1', async () => {
    const experiments = (await get('/experiments/')).json();
    const baseline = experiments.find((e: { name: string }) => e.name === 'BM25 baseline');
    const url = `/experiment-runs/by_experiment/${baseline.id}`;
    const all = await get(url);
    expect(all.headers['x-total-count']).toBe('3');
    const ids = all.json().map((r: { id: number }) => r.id);
    const ofPage = async (query: string) => {
      const response = await get(`${url}${query}`);
      expect(response.headers['x-total-count'], query).toBe('3');
      return response.json().map((r: { id: number }) => r.id);
    };
    expect(await ofPage('?page=1&page_size=2')).toEqual(ids.slice(0, 2));
    expect(await ofPage('?page=2&page_size=2')).toEqual(ids.slice(2));
    expect(await ofPage('?page_size=1')).toEqual(ids.slice(0, 1));
    expect(await ofPage('?page=2')).toEqual([]);
    for (const query of ['?page=-1', '?page=0', '?page_size=0', '?page_size=1001']) {
      const response = await get(`${url}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(/^querystring/);
    }
  });

  it('pages run results whose sets and metrics follow from their search results and golden set', async () => {
    const experiments = (await get('/experiments/')).json();
    const baseline = experiments.find((e: { name: string }) => e.name === 'BM25 baseline');
    const [, finished] = (await get(`/experiment-runs/by_experiment/${baseline.id}`)).json();
    const first = await get(`/experiment-runs/${finished.id}/results?page=1&page_size=20`);
    expect(first.headers['x-total-count']).toBe('60');
    const results: Result[] = [...first.json(), ...(await get(`/experiment-runs/${finished.id}/results?page=2&page_size=20`)).json()];
    expect(results).toHaveLength(40);
    for (const { result, experiment_configuration: config } of results) {
      const ranking = result.results.search_results.map((p) => p.product_id);
      const judgements = new Map(result.results.golden_set.map((g) => [g.product_id, g.relevance]));
      const sets = compareWithGoldenSet(ranking, judgements);
      expect({ commons: result.results.commons, missings: result.results.missings, leftovers: result.results.leftovers }).toEqual(sets);
      expect(result.results.metrics).toEqual(runMetrics(ranking, judgements, { k: config.k }));
      expect(result.status).toBe(result.results.metrics['ndcg@10'] >= 0.6 ? 'PASS' : 'FAIL');
      expect(result.test_result).toMatch(
        /^nDCG@10 \d\.\d{3} · P@10 \d\.\d{3} · R@10 \d\.\d{3} · F1@10 \d\.\d{3} · (Complete|No more results|Page without relevants)$/,
      );
    }
    expect(new Set(results.map((r) => r.result.status))).toEqual(new Set(['PASS', 'FAIL']));
  });

  it('refuses to delete a dataset that experiments use, naming it and them', async () => {
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM datasets WHERE name = 'Accent Chairs'`);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/service/datasets/${rows[0].id}`, headers });
    expect(response.statusCode).toBe(409);
    const used = await t.db.query<{ name: string }>('SELECT name FROM experiments WHERE dataset_id = $1', [rows[0].id]);
    expect(response.json().message).toBe(`Dataset "Accent Chairs" cannot be deleted: the experiment "${used.rows[0].name}" uses it.`);
  });

  it('serves the demo product pictures publicly', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/demo-images/W0-01.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toContain('W0-01');
  });
});
