// The judge queues, of a run and of a golden set: each person is offered the pairs they have not rated that have
// fewer ratings than the set wants, fewest first, top ranks first, never with a grade; scoped to the queries the
// set judges unless asked otherwise, with the ratings still missing — on both storages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const CATALOGUE = ['product_id,name', 'p1,Red sofa', 'p2,Blue sofa', 'p3,Red armchair', 'l1,Oak lamp', 'l2,Desk lamp'].join('\n');
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'red sofa,p2,1', 'lamp,l1,2'].join('\n');
const ITEM_KEYS = ['attributes', 'description', 'image_url', 'name', 'new_query', 'product_id', 'query', 'rank', 'result_id'];

type Item = { query: string; product_id: string; rank: number | null; new_query: boolean; name: string | null };

// The run's queries in its order, each with its status, top hits and nDCG; the other run scored "lamp" higher.
const RESULTS = [
  { query: 'red sofa', status: 'FAIL', hits: ['p1', 'p3', 'p2', 'p4'], ndcg: 0.2, before: 0.2 },
  { query: 'lamp', status: 'PASS', hits: ['l2', 'l1', 'l3'], ndcg: 0.6, before: 0.9 },
  { query: 'desk', status: 'PASS', hits: ['d1', 'd2'], ndcg: 0.7, before: 0.7 },
];

describe.each(backends)('judge queues (%s)', (backend) => {
  let t: TestApp;
  let setId: number;
  let runId: number;
  let baselineId: number;
  const as = async (sub: string, role = 'curator') => ({
    authorization: `Bearer ${await t.issuer.token({ sub, name: sub, roles: [role] })}`,
  });
  const queue = async (path: string, who?: { authorization: string }) => {
    const answer = await t.call('GET', `${API}${path}`, undefined, who);
    expect(answer.statusCode, answer.body).toBe(200);
    const items = answer.json<Item[]>();
    return {
      items,
      pairs: items.map((item) => `${item.query}|${item.product_id}`),
      total: Number(answer.headers['x-total-count']),
      missing: Number(answer.headers['x-missing-ratings']),
    };
  };
  const rate = async (who: { authorization: string }, query: string, product_id: string, grade: number) => {
    const answer = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query, product_id, grade }, who);
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const target = async (ratings_per_pair: number) =>
    expect((await t.call('PATCH', `${API}/golden-sets/${setId}`, { ratings_per_pair })).statusCode).toBe(200);

  /** A finished run of the set with the given results, k = 3, stored as the worker stores them. */
  async function storeRun(score: (row: (typeof RESULTS)[number]) => number): Promise<number> {
    const run = await t.db.query<{ id: number }>(
      `WITH d AS (INSERT INTO datasets (name, description) VALUES ('Queue ' || gen_random_uuid(), '') RETURNING id),
            s AS (SELECT id FROM evaluation_scripts LIMIT 1),
            x AS (INSERT INTO experiments (name, evaluation_script_id, dataset_id, description) SELECT 'Queue', s.id, d.id, '' FROM s, d RETURNING id)
       INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status, config)
       SELECT id, 'Golden set relevance', 'success', jsonb_build_object('golden_set_id', $1::bigint, 'k', 3) FROM x RETURNING id`,
      [setId],
    );
    const id = Number(run.rows[0].id);
    for (const [n, row] of RESULTS.entries()) {
      const result = {
        input: row.query,
        status: row.status,
        results: { metrics: { 'ndcg@3': score(row) }, search_results: row.hits.map((product_id) => ({ product_id })) },
      };
      await t.db.query(
        `INSERT INTO experiment_run_results (run_id, entry_id, result, query_key, counted, created_at) VALUES ($1, $2::int, $3, $4, true, now() + $2::int * interval '1 second')`,
        [id, n + 1, JSON.stringify(result), row.query],
      );
    }
    return id;
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    expect((await t.upload(`${API}/catalogue/import`, [['file', { file: CATALOGUE }]])).statusCode).toBeLessThan(300);
    const set = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Queued'],
      ['file', { file: JUDGEMENTS }],
    ]);
    expect(set.statusCode, set.body).toBe(201);
    setId = set.json().id;
    baselineId = await storeRun((row) => row.before);
    runId = await storeRun((row) => row.ndcg);
  }, 60_000);
  afterAll(() => t?.close());

  it('offers by default the unjudged pairs of the queries the set judges, top ranks first, without a grade', async () => {
    const { items, pairs, total, missing } = await queue(`/experiment-runs/${runId}/unjudged/`);
    // Rank 1 of every query first, then rank 2...; "desk" is not in the set, so it is not offered.
    expect(pairs).toEqual(['lamp|l2', 'red sofa|p3', 'lamp|l3']);
    expect(items.map((item) => item.rank)).toEqual([1, 2, 3]);
    expect([total, missing]).toEqual([3, 3]);
    expect(items.every((item) => item.new_query === false)).toBe(true);
    expect(items.map((item) => item.name)).toEqual(['Desk lamp', 'Red armchair', null]);
    // Blind: nothing but the pair, the product and whether the query is new.
    expect(items.every((item) => Object.keys(item).sort().join() === ITEM_KEYS.join())).toBe(true);
  });

  it('scopes to every query, one query, the run’s failures or its regressions, and says which queries are new', async () => {
    const all = await queue(`/experiment-runs/${runId}/unjudged/?scope=all`);
    expect(all.pairs).toEqual(['lamp|l2', 'desk|d1', 'red sofa|p3', 'desk|d2', 'lamp|l3']);
    expect(all.items.map((item) => item.new_query)).toEqual([false, true, false, true, false]);
    expect(all.missing).toBe(5);
    const one = await queue(`/experiment-runs/${runId}/unjudged/?scope=query&query=${encodeURIComponent('  DESK ')}`);
    expect([one.pairs, one.missing]).toEqual([['desk|d1', 'desk|d2'], 2]);
    const failures = await queue(`/experiment-runs/${runId}/unjudged/?scope=failures`);
    expect([failures.pairs, failures.missing]).toEqual([['red sofa|p3'], 1]);
    // Only "lamp" scored lower than in the other run.
    const regressions = await queue(`/experiment-runs/${runId}/unjudged/?scope=regressions&comparison=${baselineId}`);
    expect([regressions.pairs, regressions.missing]).toEqual([['lamp|l2', 'lamp|l3'], 2]);
  });

  it('refuses a scope without what it needs, naming the field', async () => {
    const noQuery = await t.call('GET', `${API}/experiment-runs/${runId}/unjudged/?scope=query`);
    expect([noQuery.statusCode, noQuery.json().message]).toEqual([400, expect.stringContaining('querystring.query')]);
    const noComparison = await t.call('GET', `${API}/experiment-runs/${runId}/unjudged/?scope=regressions`);
    expect([noComparison.statusCode, noComparison.json().message]).toEqual([400, expect.stringContaining('querystring.comparison')]);
    expect((await t.call('GET', `${API}/experiment-runs/${runId}/unjudged/?scope=best`)).statusCode).toBe(400);
    expect((await t.call('GET', `${API}/experiment-runs/${runId}/unjudged/?scope=regressions&comparison=${runId}`)).statusCode).toBe(400);
    expect((await t.call('GET', `${API}/golden-sets/999999/queue/`)).statusCode).toBe(404);
  });

  it('with three ratings wanted: fewest first, each person without the pairs they rated, the missing ratings counted', async () => {
    await target(3);
    try {
      const [alice, bob] = [await as('alice'), await as('bob')];
      const before = await queue(`/experiment-runs/${runId}/unjudged/`, alice);
      // Unrated pairs by rank, then the uploaded ones (one rating each) by rank.
      expect(before.pairs).toEqual(['lamp|l2', 'red sofa|p3', 'lamp|l3', 'red sofa|p1', 'lamp|l1', 'red sofa|p2']);
      expect(before.missing).toBe(3 * 3 + 3 * 2);
      await rate(alice, 'red sofa', 'p3', 2);
      const forAlice = await queue(`/experiment-runs/${runId}/unjudged/`, alice);
      expect(forAlice.pairs).toEqual(['lamp|l2', 'lamp|l3', 'red sofa|p1', 'lamp|l1', 'red sofa|p2']);
      expect([forAlice.total, forAlice.missing]).toEqual([5, 14]);
      // Bob still gets p3, now among the pairs with one rating (rank 2, the run's first query first).
      const forBob = await queue(`/experiment-runs/${runId}/unjudged/`, bob);
      expect(forBob.pairs).toEqual(['lamp|l2', 'lamp|l3', 'red sofa|p1', 'red sofa|p3', 'lamp|l1', 'red sofa|p2']);
      // A page of the queue is a slice of the same order.
      expect((await queue(`/experiment-runs/${runId}/unjudged/?page=2&page_size=2`, bob)).pairs).toEqual(['red sofa|p1', 'red sofa|p3']);

      // The set's own queue: its pairs below three ratings, fewest first, then by query.
      const setQueue = await queue(`/golden-sets/${setId}/queue/`, alice);
      expect(setQueue.pairs).toEqual(['lamp|l1', 'red sofa|p1', 'red sofa|p2']);
      expect(setQueue.items.every((item) => item.rank === null && item.new_query === false)).toBe(true);
      expect(setQueue.items.every((item) => Object.keys(item).sort().join() === ITEM_KEYS.join())).toBe(true);
      expect([setQueue.total, setQueue.missing]).toEqual([3, 4 * 2]);
      expect((await queue(`/golden-sets/${setId}/queue/`, bob)).pairs).toEqual(['lamp|l1', 'red sofa|p1', 'red sofa|p2', 'red sofa|p3']);
    } finally {
      await target(1);
    }
  });

  it('with one rating wanted, a pair anyone rated drops out; the set’s own queue is empty', async () => {
    // Alice rated p3 above: with one rating wanted nobody is offered it any more.
    const { pairs, missing } = await queue(`/experiment-runs/${runId}/unjudged/`, await as('carol'));
    expect([pairs, missing]).toEqual([['lamp|l2', 'lamp|l3'], 2]);
    expect(await queue(`/golden-sets/${setId}/queue/`)).toMatchObject({ pairs: [], total: 0, missing: 0 });
  });

  it('lets a viewer look through both queues; a token with no role gets neither', async () => {
    const viewer = await as('vera', 'viewer');
    expect((await queue(`/experiment-runs/${runId}/unjudged/`, viewer)).pairs).toEqual(['lamp|l2', 'lamp|l3']);
    expect((await queue(`/golden-sets/${setId}/queue/`, viewer)).total).toBe(0);
    const nobody = { authorization: `Bearer ${await t.issuer.token({ sub: 'nobody', roles: [] })}` };
    expect((await t.call('GET', `${API}/experiment-runs/${runId}/unjudged/`, undefined, nobody)).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/golden-sets/${setId}/queue/`, undefined, nobody)).statusCode).toBe(403);
  });
});
