/**
 * Migration 023 on a database whose runs were scored before it: reciprocal rank and average precision get
 * the run's k in their names (results, the runs' means, what the scripts say they write), with the same
 * values; a run made elsewhere keeps its names, as its ranking may have been deeper than k.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/demo/seed-demo-data';
import { migrate } from '../../server/storage/migrate';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';

/** Every result's metrics, every run's sums and every script's output schema, by id. */
async function snapshot(t: TestApp) {
  const rows = async (sql: string) =>
    Object.fromEntries((await t.db.query<{ id: string; value: unknown }>(sql)).rows.map((row) => [String(row.id), row.value]));
  return {
    results: await rows(`SELECT id, result->'results'->'metrics' AS value FROM experiment_run_results`),
    sums: await rows('SELECT id, metric_sums AS value FROM experiment_runs'),
    scripts: await rows('SELECT id, output_schema AS value FROM evaluation_scripts'),
  };
}

/** The names as they were before 023: `reciprocal_rank@10` → `reciprocal_rank`, in one jsonb object. */
const OLD_NAMES = (object: string) =>
  `(SELECT jsonb_object_agg(regexp_replace(key, '^(reciprocal_rank|average_precision)@[0-9]+$', '\\1'), value) FROM jsonb_each(${object}))`;

describe.each(backends)('migration 023 on runs scored before it, on %s', (backend) => {
  let t: TestApp;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let after: Awaited<ReturnType<typeof snapshot>>;
  let elsewhere: { run: string; result: string };
  let engineRun: string;
  let engineResultId: string;
  const elsewhereMetrics = { 'ndcg@10': 0.5, 'precision@10': 0.2, reciprocal_rank: 0.25, average_precision: 0.125 };

  beforeAll(async () => {
    t = await startTestApp(backend);
    expect(await seedDemoData(t.db)).toBe(true);
    const experiment = (await t.db.query<{ id: string }>('SELECT min(id) AS id FROM experiments')).rows[0].id;
    // A run this server made at k 5 (it has a config), with results as they were written before.
    engineRun = String(
      (
        await t.db.query<{ id: string }>(
          `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status, config, metric_sums, passed, counted)
           VALUES ($1, 'Golden set relevance', 'success', '{"k": 5}', $2, 1, 1) RETURNING id`,
          [experiment, JSON.stringify({ 'ndcg@5': 0.9, 'precision@5': 0.6, 'reciprocal_rank@5': 1.5, 'average_precision@5': 0.7 })],
        )
      ).rows[0].id,
    );
    const scored = { 'ndcg@5': 0.45, 'precision@5': 0.4, 'reciprocal_rank@5': 0.5, 'average_precision@5': 0.35, 'unjudged@5': 1 };
    const engineResult = await t.db.query<{ id: string }>(
      `INSERT INTO experiment_run_results (run_id, entry_id, result, counted) VALUES ($1, 1, $2, true) RETURNING id`,
      [engineRun, JSON.stringify({ input: 'red sofa', status: 'FAIL', results: { metrics: scored } })],
    );
    engineResultId = String(engineResult.rows[0].id);
    before = await snapshot(t);

    // A run made elsewhere: no config, not the demo's.
    const run = await t.db.query<{ id: string }>(
      `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status, metric_sums) VALUES ($1, 'x', 'success', $2) RETURNING id`,
      [experiment, JSON.stringify(elsewhereMetrics)],
    );
    const result = await t.db.query<{ id: string }>(`INSERT INTO experiment_run_results (run_id, result) VALUES ($1, $2) RETURNING id`, [
      run.rows[0].id,
      JSON.stringify({ input: 'oak table', status: 'PASS', results: { metrics: elsewhereMetrics } }),
    ]);
    elsewhere = { run: String(run.rows[0].id), result: String(result.rows[0].id) };

    // The database as it was before 023.
    const metrics = "result->'results'->'metrics'";
    await t.db.exec(
      `UPDATE experiment_run_results SET result = jsonb_set(result, '{results,metrics}', ${OLD_NAMES(metrics)})
         WHERE jsonb_typeof(${metrics}) = 'object' AND ${metrics} <> '{}'::jsonb;
       UPDATE experiment_runs SET metric_sums = ${OLD_NAMES('metric_sums')} WHERE metric_sums <> '{}'::jsonb;
       UPDATE evaluation_scripts SET output_schema = jsonb_set(output_schema, '{properties}', ${OLD_NAMES("output_schema->'properties'")})
         WHERE jsonb_typeof(output_schema->'properties') = 'object';`,
    );
    const old = await snapshot(t);
    expect(JSON.stringify([old.results, old.sums])).not.toContain('reciprocal_rank@');
    await t.db.query('DELETE FROM schema_migrations WHERE version = 23');
    expect(await migrate(t.db)).toEqual(['023_depth_metric_names.sql']);
    after = await snapshot(t);
  }, 120_000);
  afterAll(() => t?.close());

  it('names every measure of the demo’s runs and of this server’s runs at k, with the values they had', () => {
    const { [elsewhere.result]: elsewhereResult, ...results } = after.results;
    const { [elsewhere.run]: elsewhereSums, ...sums } = after.sums;
    expect(results).toEqual(before.results);
    expect(sums).toEqual(before.sums);
    expect(after.scripts).toEqual(before.scripts);
    expect(JSON.stringify(before.results)).toContain('"average_precision@10"');
    expect(after.results[engineResultId]).toHaveProperty(['reciprocal_rank@5'], 0.5);
    // A run made elsewhere keeps its names.
    expect(elsewhereResult).toEqual(elsewhereMetrics);
    expect(elsewhereSums).toEqual(elsewhereMetrics);
  });

  it('answers the new names through the API: the means, the sort, the built-in script', async () => {
    const run = await t.call('GET', `${API}/experiment-runs/${engineRun}`);
    expect(run.statusCode, run.body).toBe(200);
    expect(Object.keys(run.json().summary.mean_metrics)).toEqual(expect.arrayContaining(['reciprocal_rank@5', 'average_precision@5']));
    const sorted = await t.call('GET', `${API}/experiment-runs/${engineRun}/results?sort=average_precision@5`);
    expect(sorted.statusCode, sorted.body).toBe(200);
    const scripts = (await t.call('GET', `${API}/evaluation-scripts/?page_size=100`)).json<{
      results: Array<{ name: string; description: string; output_schema: object }>;
    }>().results;
    const builtin = scripts.find((script) => script.name === 'Golden set relevance')!;
    expect(builtin.description).toContain('reciprocal rank and average precision at k');
    expect(JSON.stringify(builtin.output_schema)).toContain('average_precision@[0-9]+');
  });
});
