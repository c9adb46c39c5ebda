/**
 * Triage of a big run's results: `npm run bench:run-results -- [--results N] [--only pglite|postgres]`.
 *
 * Stores a run of N results (100,000 by default) shaped as the worker stores them (10 hits with names
 * and image URLs, 5 judgements, every metric; statuses and inputs as a run has them), straight into the
 * database before the real server (server/main.ts) starts on it; then times, one request at a time, the
 * pages the results screen asks for: newest first at the first, middle and last page, filtered by
 * status, searched, sorted by nDCG either way and by input. Target: any page < 100 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/storage/open-database';
import { migrate } from '../server/storage/migrate';
import { startTestIssuer, type TestIssuer } from '../test/server/helpers/test-issuer';
import { getChecked } from './api-mix';
import { benchBackends, startBenchServer, stopBenchServer, withScratchDatabase, type BenchBackend } from './bench-server';
import { positive } from './run-setup';

const PAGE_SIZE = 20;
const TARGET_MS = 100;

/** N results in one statement per 10,000, as the worker would have stored them. */
async function storeRun(connection: { databaseUrl?: string; dataDir: string }, results: number): Promise<number> {
  const db = await openDatabase(connection);
  try {
    await migrate(db);
    const { rows } = await db.query<{ id: number }>(
      `WITH d AS (INSERT INTO datasets (name, description) VALUES ('Bench', '') RETURNING id),
            s AS (SELECT id FROM evaluation_scripts LIMIT 1),
            x AS (INSERT INTO experiments (name, evaluation_script_id, dataset_id, description) SELECT 'Bench', s.id, d.id, '' FROM s, d RETURNING id)
       INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status, metric_sums)
       SELECT id, 'Golden set relevance', 'success', '{"ndcg@10": 0}'::jsonb FROM x RETURNING id`,
    );
    const runId = Number(rows[0].id);
    for (let from = 1; from <= results; from += 10_000) {
      await db.query(
        `INSERT INTO experiment_run_results (run_id, entry_id, experiment_configuration, result, query_key, counted)
         SELECT $1, n, '{"k": 10, "gain": "linear", "golden_set_id": 1, "search_target": {"kind": "builtin"}}'::jsonb,
           jsonb_build_object(
             'input', q.input, 'status', q.status, 'version', 'builtin search',
             'test_result', 'nDCG@10 0.500 · P@10 0.300 · R@10 0.400 · F1@10 0.343 · Complete',
             'results', jsonb_build_object(
               'metrics', CASE WHEN q.status = 'ERROR' THEN '{}'::jsonb ELSE jsonb_build_object(
                 'ndcg@10', q.ndcg, 'precision@10', round(q.ndcg * 7) / 10, 'recall@10', q.ndcg / 2, 'f1@10', q.ndcg / 3,
                 'reciprocal_rank@10', 1, 'average_precision@10', q.ndcg / 4, 'dcg@10', q.ndcg * 3, 'idcg@10', 3, 'unjudged@10', 4) END,
               'search_results', (SELECT jsonb_agg(jsonb_build_object('product_id', 'P' || (n * 10 + h), 'name', 'Product number ' || (n * 10 + h),
                  'image_url', 'https://images.example.com/products/' || (n * 10 + h) || '.jpg')) FROM generate_series(1, 10) AS h),
               'golden_set', (SELECT jsonb_agg(jsonb_build_object('product_id', 'P' || (n * 10 + j), 'relevance', j % 4)) FROM generate_series(1, 5) AS j),
               'commons', '[]'::jsonb, 'missings', '[]'::jsonb, 'leftovers', '[]'::jsonb)),
           q.input, q.status IN ('PASS', 'FAIL')
         FROM generate_series($2::int, $3::int) AS n,
           LATERAL (SELECT (ARRAY['red', 'oak', 'velvet', 'linen', 'outdoor', 'modern'])[1 + n % 6] || ' ' ||
                           (ARRAY['sofa', 'table', 'lamp', 'rug', 'chair'])[1 + (n / 7) % 5] || ' ' || n AS input,
                           CASE WHEN n % 50 = 0 THEN 'ERROR' WHEN n % 13 = 0 THEN 'UNJUDGED' WHEN n % 3 = 0 THEN 'FAIL' ELSE 'PASS' END AS status,
                           ((n * 7919) % 1000) / 1000.0 AS ndcg) AS q`,
        [runId, from, Math.min(results, from + 9_999)],
      );
    }
    await db.query('ANALYZE experiment_run_results');
    return runId;
  } finally {
    await db.close();
  }
}

async function timePages(backend: BenchBackend, env: Record<string, string>, issuer: TestIssuer, runId: number, results: number) {
  const server = await startBenchServer(env, issuer, 0);
  try {
    const token = await issuer.token();
    const last = Math.ceil(results / PAGE_SIZE);
    const base = `/api/backend/experiment-runs/${runId}/results?page_size=${PAGE_SIZE}`;
    const requests: Array<[string, string]> = [
      ['newest first, page 1', `${base}&page=1`],
      [`newest first, page ${Math.ceil(last / 2).toLocaleString('en')}`, `${base}&page=${Math.ceil(last / 2)}`],
      [`newest first, last page`, `${base}&page=${last}`],
      ['status=FAIL,ERROR, page 1', `${base}&status=FAIL,ERROR&page=1`],
      ['status=FAIL,ERROR, page 500', `${base}&status=FAIL,ERROR&page=500`],
      ['search=velvet sofa, page 1', `${base}&search=velvet%20sofa&page=1`],
      ['sort=ndcg@10 asc, page 1', `${base}&sort=ndcg@10&order=asc&page=1`],
      ['sort=ndcg@10 desc, page 1', `${base}&sort=ndcg@10&order=desc&page=1`],
      ['sort=ndcg@10 asc, middle page', `${base}&sort=ndcg@10&order=asc&page=${Math.ceil(last / 2)}`],
      ['status=FAIL sort=ndcg@10 asc, page 1', `${base}&status=FAIL&sort=ndcg@10&order=asc&page=1`],
      ['sort=input asc, page 1', `${base}&sort=input&order=asc&page=1`],
    ];
    console.log(`${backend}: ${results.toLocaleString('en')} results; each request 3 times, one at a time (target < ${TARGET_MS} ms)`);
    for (const [name, path] of requests) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) times.push((await getChecked(server, token, path)).ms);
      const best = Math.min(...times);
      const verdict = best < TARGET_MS ? 'ok' : 'SLOW';
      console.log(`  ${name.padEnd(40)} ${times.map((ms) => ms.toFixed(1).padStart(7)).join(' /')} ms  ${verdict}`);
    }
  } finally {
    await stopBenchServer(server.child);
  }
}

async function main() {
  const { values } = parseArgs({ options: { results: { type: 'string', default: '100000' }, only: { type: 'string' } } });
  const results = positive(values.results!, '--results');
  const issuer = await startTestIssuer();
  const work = await mkdtemp(join(tmpdir(), 'bench-run-results-'));
  try {
    for (const backend of benchBackends(values.only)) {
      const started = performance.now();
      if (backend === 'pglite') {
        const dataDir = join(work, 'pglite-data');
        const runId = await storeRun({ dataDir }, results);
        console.log(`stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        await timePages(backend, { DATA_DIR: dataDir, DEMO_DATA: 'false' }, issuer, runId, results);
      } else {
        await withScratchDatabase('run_results', async (url) => {
          const runId = await storeRun({ databaseUrl: url, dataDir: join(work, 'unused') }, results);
          console.log(`stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);
          await timePages(backend, { DATABASE_URL: url, DATA_DIR: join(work, 'pg-data'), DEMO_DATA: 'false' }, issuer, runId, results);
        });
      }
    }
  } finally {
    await issuer.close();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
