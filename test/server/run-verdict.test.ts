// A CI gate's verdict between two runs: GET run-comparisons/verdict decides each check of a rule on the
// compare page's own paired randomization test, Holm-corrected over the checks; resolves latest:TAG; and
// refuses malformed rules, unknown metrics, missing tags and unfinished candidates, naming why.
//
// The runs are written straight into the database with known per-query values: 8 queries q1..q8, so the
// sign-flip test is exact (every one of the 2^n sign patterns of the n non-zero differences is counted, as
// sign-flips.ts does up to 16 differences), and each p below is worked out by hand:
//   ndcg@10       0.8 → 0.7 on all 8 queries: delta −0.1. Only the all-minus and all-plus patterns reach
//                 |Σ| = 0.8, so p = 2/256 = 0.0078125.
//   precision@10  0.5 → 0.4 on q1..q6, unchanged on q7, q8: delta −0.6/8 = −0.075. The 6 non-zero differences
//                 are flipped: p = 2/2^6 = 0.03125.
//   recall@10     0.5 → 0.3 on q1..q7, 0.5 → 0.7 on q8: delta −1.2/8 = −0.15. Patterns of ±0.2 with k minus
//                 signs sum to 0.2·(8 − 2k); |Σ| ≥ 1.2 needs k ≤ 1 or k ≥ 7: C(8,0)+C(8,1)+C(8,7)+C(8,8) = 18,
//                 so p = 18/256 = 0.0703125.
//   f1@10         0.5 → 0.49 on all 8 queries: delta −0.01, p = 2/256 = 0.0078125.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const QUERIES = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'];
const BEFORE = { 'ndcg@10': 0.8, 'precision@10': 0.5, 'recall@10': 0.5, 'f1@10': 0.5 };
const AFTER = (i: number) => ({ 'ndcg@10': 0.7, 'precision@10': i < 6 ? 0.4 : 0.5, 'recall@10': i < 7 ? 0.3 : 0.7, 'f1@10': 0.49 });

interface Check {
  metric: string;
  max_drop: number;
  alpha: number;
  baseline_mean: number;
  candidate_mean: number;
  delta: number;
  p_value: number;
  adjusted_p_value: number;
  failed: boolean;
  reason: string;
}

describe.each(backends)('run verdicts (%s)', (backend) => {
  let t: TestApp;
  let experimentId: number;
  let base: number;
  let cand: number;
  let seconds = 0;

  /** A run of the experiment with the given per-query metrics, stored as the worker stores them; each newer than the last. */
  async function storeRun(
    experiment: number,
    { tags = [], status = 'success', scores }: { tags?: string[]; status?: string; scores: (i: number) => Record<string, number> },
    queries = QUERIES,
  ): Promise<number> {
    seconds++;
    const run = await t.db.query<{ id: number }>(
      `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status, tags, created_at)
       VALUES ($1, 'Golden set relevance', $2, $3, now() + $4::int * interval '1 second') RETURNING id`,
      [experiment, status, tags, seconds],
    );
    const id = Number(run.rows[0].id);
    for (const [i, query] of queries.entries()) {
      const result = { input: query, status: 'PASS', results: { metrics: scores(i) } };
      await t.db.query(`INSERT INTO experiment_run_results (run_id, result, query_key, counted) VALUES ($1, $2, $3, true)`, [
        id,
        JSON.stringify(result),
        query,
      ]);
    }
    return id;
  }

  async function addExperiment(name: string): Promise<number> {
    const { rows } = await t.db.query<{ id: number }>(
      `WITH d AS (INSERT INTO datasets (name, description) VALUES ($1, '') RETURNING id),
            s AS (SELECT id FROM evaluation_scripts LIMIT 1)
       INSERT INTO experiments (name, evaluation_script_id, dataset_id, description) SELECT $1, s.id, d.id, '' FROM s, d RETURNING id`,
      [name],
    );
    return Number(rows[0].id);
  }

  const verdict = (baseline: number | string, candidate: number | string, ...rules: string[]) =>
    t.call(
      'GET',
      `${API}/run-comparisons/verdict?baseline=${encodeURIComponent(baseline)}&candidate=${encodeURIComponent(candidate)}${rules
        .map((rule) => `&rule=${encodeURIComponent(rule)}`)
        .join('')}`,
    );
  async function checks(...rules: string[]): Promise<{ pass: boolean; checks: Check[] }> {
    const response = await verdict(base, cand, ...rules);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    experimentId = await addExperiment('Gate');
    base = await storeRun(experimentId, { tags: ['main'], scores: () => BEFORE });
    cand = await storeRun(experimentId, { tags: ['pr-7'], scores: AFTER });
  }, 60_000);
  afterAll(() => t?.close());

  it('fails a check whose metric fell by more than max_drop with p below alpha, saying so, with the worst queries', async () => {
    const response = await verdict(base, cand, 'ndcg@10:0.05');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ pass: false, multiple_comparisons: 'holm', paired: 8 });
    expect(body.baseline).toMatchObject({ id: base, tags: ['main'], status: 'success' });
    expect(body.candidate).toMatchObject({ id: cand, tags: ['pr-7'] });
    const [check] = body.checks as Check[];
    expect(check).toMatchObject({ metric: 'ndcg@10', max_drop: 0.05, alpha: 0.05, failed: true });
    expect(check.baseline_mean).toBeCloseTo(0.8, 12);
    expect(check.candidate_mean).toBeCloseTo(0.7, 12);
    expect(check.delta).toBeCloseTo(-0.1, 12);
    expect(check.p_value).toBe(2 / 256);
    // One check: nothing to correct, its adjusted p is its p.
    expect(check.adjusted_p_value).toBe(2 / 256);
    expect(check.reason).toBe('ndcg@10 fell by 0.1 (0.800 → 0.700), more than 0.05, and p = 0.0078 < 0.05');
    // Every query fell by the same 0.1: the ten worst are all eight, by query, each linked to its pair.
    expect(body.worst_regressions.map((row: { query: string }) => row.query)).toEqual(QUERIES);
    const first = body.worst_regressions[0];
    expect(first).toMatchObject({ metric: 'ndcg@10', query: 'q1', baseline: 0.8, candidate: 0.7 });
    expect(first.delta).toBeCloseTo(-0.1, 12);
    expect(first.console_path).toBe(
      `/compare/pair?baseline_result=${first.baseline_result_id}&candidate_result=${first.candidate_result_id}&metric=ndcg%4010`,
    );
    expect(body.console_path).toBe(`/compare?baseline=${base}&candidate=${cand}&metric=ndcg%4010&filter=regressions`);
  });

  it('passes a candidate that improved, and lists no regressions', async () => {
    const response = await verdict(cand, base, 'ndcg@10:0.01');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.pass).toBe(true);
    expect(body.checks[0]).toMatchObject({ failed: false, reason: 'ndcg@10 rose by 0.1 (0.700 → 0.800)' });
    expect(body.checks[0].p_value).toBe(2 / 256);
    expect(body.worst_regressions).toEqual([]);
  });

  it('passes a drop larger than max_drop whose p is not below alpha: it could be noise', async () => {
    const body = await checks('recall@10:0.05');
    expect(body.pass).toBe(true);
    expect(body.checks[0]).toMatchObject({ failed: false, p_value: 18 / 256 });
    expect(body.checks[0].delta).toBeCloseTo(-0.15, 12);
    expect(body.checks[0].reason).toBe('recall@10 fell by 0.15 (0.500 → 0.350), more than 0.05, but p = 0.07 ≥ 0.05: could be noise');
    // With a laxer alpha the same drop fails.
    expect((await checks('recall@10:0.05:0.1')).pass).toBe(false);
  });

  it('passes a significant drop within max_drop', async () => {
    const body = await checks('f1@10:0.05');
    expect(body.pass).toBe(true);
    expect(body.checks[0]).toMatchObject({ failed: false, p_value: 2 / 256 });
    expect(body.checks[0].reason).toBe('f1@10 fell by 0.01 (0.500 → 0.490), within 0.05');
  });

  it('corrects several checks with Holm: a check failing alone passes beside others', async () => {
    // Alone, ndcg@10 fails at alpha 0.01 (p = 0.0078). With f1@10 (p = 0.0078 too) Holm doubles the smaller
    // and keeps the larger at least as large: both adjusted p are 2 · 2/256 = 0.015625 ≥ 0.01, so neither fails.
    expect((await checks('ndcg@10:0.05:0.01')).pass).toBe(false);
    const two = await checks('ndcg@10:0.05:0.01,f1@10:0.001:0.01');
    expect(two.pass).toBe(true);
    expect(two.checks.map((check) => check.adjusted_p_value)).toEqual([4 / 256, 4 / 256]);
    expect(two.checks[0].reason).toBe(
      'ndcg@10 fell by 0.1 (0.800 → 0.700), more than 0.05, but p = 0.0078 (Holm-adjusted 0.016) ≥ 0.01: could be noise',
    );
    // Three checks at 0.05, p = 0.0078125, 0.03125, 0.0703125 sorted: adjusted 3·0.0078125 = 0.0234375,
    // max(0.0234375, 2·0.03125) = 0.0625, max(0.0625, 1·0.0703125) = 0.0703125. precision@10 would fail alone
    // (it fell 0.075 > 0.05 with p = 0.03125 < 0.05) but not among three; ndcg@10 still fails.
    expect((await checks('precision@10:0.05')).pass).toBe(false);
    const three = await checks('ndcg@10:0.05', 'precision@10:0.05', 'recall@10:0.05');
    expect(three.pass).toBe(false);
    expect(three.checks.map((check) => [check.metric, check.failed])).toEqual([
      ['ndcg@10', true],
      ['precision@10', false],
      ['recall@10', false],
    ]);
    expect(three.checks.map((check) => check.adjusted_p_value)).toEqual([3 * (2 / 256), 2 * (2 / 64), 18 / 256]);
    expect(three.checks[0].reason).toBe('ndcg@10 fell by 0.1 (0.800 → 0.700), more than 0.05, and p = 0.0078 (Holm-adjusted 0.023) < 0.05');
  });

  it("answers the compare page's own numbers, sampled tests included", async () => {
    // 40 queries differ: too many to enumerate, so both take the same 10,000 seeded sign flips. Many fall by
    // the same amount (deltas are multiples of 0.05, less 0.01), so the worst ten are ordered by query among equals.
    const many = Array.from({ length: 40 }, (_, i) => `m${i}`);
    const before = await storeRun(experimentId, { scores: (i) => ({ 'ndcg@10': 0.5 + (i % 7) / 20 }) }, many);
    const after = await storeRun(experimentId, { scores: (i) => ({ 'ndcg@10': 0.5 + (i % 5) / 20 - 0.01 }) }, many);
    for (const [b, c] of [
      [base, cand],
      [before, after],
    ]) {
      const page = await t.call('GET', `${API}/run-comparisons/?baseline=${b}&candidate=${c}`);
      expect(page.statusCode, page.body).toBe(200);
      const response = await verdict(b, c, 'ndcg@10:0');
      expect(response.statusCode, response.body).toBe(200);
      const [check] = response.json().checks as Check[];
      const shown = page.json().metrics[0];
      // The worst regressions are the first ten the compare page lists, ties in its order.
      const regressions = await t.call('GET', `${API}/run-comparisons/?baseline=${b}&candidate=${c}&filter=regressions&page_size=10`);
      expect(response.json().worst_regressions.map(({ metric: _m, console_path: _p, ...row }: Record<string, unknown>) => row)).toEqual(
        regressions.json<{ results: Array<Record<string, unknown>> }>().results.map(({ overlap: _overlap, ...row }) => row),
      );
      expect([check.baseline_mean, check.candidate_mean, check.delta, check.p_value]).toEqual([
        shown.baseline_mean,
        shown.candidate_mean,
        shown.delta,
        shown.p_value_randomization,
      ]);
    }
  });

  it('resolves latest:TAG to the newest successful run of the other run’s experiment with the tag', async () => {
    const other = await addExperiment('Elsewhere');
    const older = await storeRun(experimentId, { tags: ['release'], scores: () => BEFORE });
    const newest = await storeRun(experimentId, { tags: ['release', 'main'], scores: () => BEFORE });
    // Newer still, but not successful, or in another experiment: not the latest.
    await storeRun(experimentId, { tags: ['release'], status: 'failed', scores: () => BEFORE });
    await storeRun(experimentId, { tags: ['release'], status: 'running', scores: () => BEFORE });
    await storeRun(other, { tags: ['release'], scores: () => BEFORE });
    expect(older).toBeLessThan(newest);
    const latest = await verdict('latest:release', cand, 'ndcg@10:0.05');
    expect(latest.statusCode, latest.body).toBe(200);
    expect(latest.json().baseline.id).toBe(newest);
    expect(latest.json().pass).toBe(false);
    // The candidate may be latest: too, found in the baseline's experiment; a run is never its own baseline.
    const candidate = await verdict(base, 'latest:pr-7', 'ndcg@10:0.05');
    expect(candidate.statusCode, candidate.body).toBe(200);
    expect(candidate.json().candidate.id).toBe(cand);
    expect((await verdict('latest:main', newest, 'ndcg@10:0.05')).json().baseline.id).toBe(base);
    const missing = await verdict('latest:nightly', cand, 'ndcg@10:0.05');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      `No successful run of experiment "Gate" (${experimentId}) other than run ${cand} has the tag "nightly"`,
    );
    const both = await verdict('latest:main', 'latest:pr-7', 'ndcg@10:0.05');
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('querystring.baseline and querystring.candidate are both latest:TAG: give one of them as a run id');
  });

  it('refuses a malformed rule, naming the part at fault', async () => {
    const refused = async (rule: string) => {
      const response = await verdict(base, cand, rule);
      expect(response.statusCode, rule).toBe(400);
      return response.json().message as string;
    };
    expect(await refused('mrr@10:0.01')).toBe(
      'querystring.rule: the runs have no metric "mrr@10" in common; they have ndcg@10, precision@10, recall@10, f1@10',
    );
    expect(await refused('ndcg@10:-0.1')).toBe('querystring.rule "ndcg@10:-0.1": max_drop must be a number ≥ 0, got "-0.1"');
    expect(await refused('ndcg@10:lots')).toBe('querystring.rule "ndcg@10:lots": max_drop must be a number ≥ 0, got "lots"');
    expect(await refused('ndcg@10:0.01:1')).toBe(
      'querystring.rule "ndcg@10:0.01:1": alpha must be a number between 0 and 1 (both excluded), got "1"',
    );
    expect(await refused('ndcg@10:0.01:0')).toContain('alpha must be a number between 0 and 1');
    expect(await refused('ndcg@10')).toBe('querystring.rule "ndcg@10" must be metric:max_drop[:alpha], e.g. ndcg@10:0.01:0.05');
    expect(await refused(' , ')).toBe('querystring.rule is empty: give one or more metric:max_drop[:alpha], e.g. ndcg@10:0.01:0.05');
    expect(await refused('ndcg@10:0.01,ndcg@10:0.02')).toBe('querystring.rule checks ndcg@10 twice: give each metric once');
    const noRule = await t.call('GET', `${API}/run-comparisons/verdict?baseline=${base}&candidate=${cand}`);
    expect(noRule.statusCode).toBe(400);
    expect(noRule.json().message).toContain('rule');
  });

  it('refuses runs it cannot judge: a malformed or missing run, and an unfinished candidate', async () => {
    const malformed = await verdict('main', cand, 'ndcg@10:0.01');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(
      'querystring.baseline must be a run id, evaluation:ID or latest:TAG (e.g. latest:main), got "main"',
    );
    const missing = await verdict(base, 999999, 'ndcg@10:0.01');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Experiment run 999999 not found');
    expect((await verdict('latest:main', 999999, 'ndcg@10:0.01')).statusCode).toBe(404);
    const running = await storeRun(experimentId, { status: 'running', scores: AFTER });
    const unfinished = await verdict('latest:main', running, 'ndcg@10:0.01');
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json().message).toBe(`Run ${running} is running: compare it once it has finished`);
    const failed = await storeRun(experimentId, { status: 'failed', scores: AFTER });
    const notSuccessful = await verdict(base, failed, 'ndcg@10:0.01');
    expect(notSuccessful.statusCode).toBe(409);
    expect(notSuccessful.json().message).toBe(`Run ${failed} failed: a verdict needs a candidate that finished successfully`);
  });
});
