/**
 * Means by segment of a big run: `npm run bench:segments -- [--results N] [--only pglite|postgres]`.
 *
 * Stores a run of N results (100,000 by default) as bench/run-results.ts does, its entries carrying
 * metadata (12 query classes, 4 locales), straight into the database before the real server
 * (server/main.ts) starts on it; then times, one request at a time, what the segments panel asks for:
 * the keys, the means by query class and by locale, and a page of the results filtered to one class.
 * Target: the means by segment < 500 ms on PostgreSQL.
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

const TARGET_MS = 500;
const METRICS = [
  'ndcg@10',
  'precision@10',
  'recall@10',
  'f1@10',
  'reciprocal_rank',
  'average_precision',
  'dcg@10',
  'idcg@10',
  'unjudged@10',
];

/** N entries with metadata and N results of them, in one statement per 10,000 each. */
async function storeRun(connection: { databaseUrl?: string; dataDir: string }, results: number): Promise<number> {
  const db = await openDatabase(connection);
  try {
    await migrate(db);
    const { rows } = await db.query<{ id: number }>(
      `WITH d AS (INSERT INTO datasets (name, description) VALUES ('Bench', '') RETURNING id),
            s AS (SELECT id FROM evaluation_scripts LIMIT 1),
            x AS (INSERT INTO experiments (name, evaluation_script_id, dataset_id, description) SELECT 'Bench', s.id, d.id, '' FROM s, d RETURNING id)
       INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status, metric_sums)
       SELECT id, 'Golden set relevance', 'success', (SELECT jsonb_object_agg(m, 0) FROM unnest($1::text[]) AS m) FROM x RETURNING id`,
      [METRICS],
    );
    const runId = Number(rows[0].id);
    for (let from = 1; from <= results; from += 10_000) {
      const to = Math.min(results, from + 9_999);
      await db.query(
        `INSERT INTO dataset_entries (id, input, input_metadata)
         SELECT n, 'query ' || n, jsonb_build_object('query_class', 'Class ' || (n % 12), 'locale', (ARRAY['en', 'de', 'fr', 'nl'])[1 + n % 4])
         FROM generate_series($1::int, $2::int) AS n`,
        [from, to],
      );
      await db.query(
        `INSERT INTO experiment_run_results (run_id, entry_id, experiment_configuration, result, query_key, counted)
         SELECT $1, n, '{"k": 10, "gain": "linear", "golden_set_id": 1, "search_target": {"kind": "builtin"}}'::jsonb,
           jsonb_build_object(
             'input', 'query ' || n, 'status', q.status, 'version', 'builtin search',
             'test_result', 'nDCG@10 0.500 · P@10 0.300 · R@10 0.400 · F1@10 0.343 · Complete',
             'results', jsonb_build_object(
               'metrics', CASE WHEN q.status = 'ERROR' THEN '{}'::jsonb ELSE jsonb_build_object(
                 'ndcg@10', q.ndcg, 'precision@10', round(q.ndcg * 7) / 10, 'recall@10', q.ndcg / 2, 'f1@10', q.ndcg / 3,
                 'reciprocal_rank', 1, 'average_precision', q.ndcg / 4, 'dcg@10', q.ndcg * 3, 'idcg@10', 3, 'unjudged@10', 4) END,
               'search_results', (SELECT jsonb_agg(jsonb_build_object('product_id', 'P' || (n * 10 + h), 'name', 'Product number ' || (n * 10 + h),
                  'image_url', 'https://images.example.com/products/' || (n * 10 + h) || '.jpg')) FROM generate_series(1, 10) AS h),
               'golden_set', (SELECT jsonb_agg(jsonb_build_object('product_id', 'P' || (n * 10 + j), 'relevance', j % 4)) FROM generate_series(1, 5) AS j),
               'commons', '[]'::jsonb, 'missings', '[]'::jsonb, 'leftovers', '[]'::jsonb)),
           'query ' || n, q.status IN ('PASS', 'FAIL')
         FROM generate_series($2::int, $3::int) AS n,
           LATERAL (SELECT CASE WHEN n % 50 = 0 THEN 'ERROR' WHEN n % 13 = 0 THEN 'UNJUDGED' WHEN n % 3 = 0 THEN 'FAIL' ELSE 'PASS' END AS status,
                           ((n * 7919) % 1000) / 1000.0 AS ndcg) AS q`,
        [runId, from, to],
      );
    }
    await db.query('ANALYZE dataset_entries');
    await db.query('ANALYZE experiment_run_results');
    return runId;
  } finally {
    await db.close();
  }
}

async function timeRequests(backend: BenchBackend, env: Record<string, string>, issuer: TestIssuer, runId: number, results: number) {
  const server = await startBenchServer(env, issuer, 0);
  try {
    const token = await issuer.token();
    const run = `/api/backend/experiment-runs/${runId}`;
    const requests: Array<[string, string, boolean]> = [
      ['segment keys', `${run}/segment-keys`, false],
      ['means by query_class', `${run}/segments?key=query_class`, true],
      ['means by locale', `${run}/segments?key=locale`, true],
      ['means by query_class, sorted by recall', `${run}/segments?key=query_class&metric=recall@10`, true],
      ['results of Class 7, page 1', `${run}/results?segment=query_class:Class%207&page_size=20`, false],
    ];
    console.log(
      `${backend}: ${results.toLocaleString('en')} results; each request 3 times, one at a time (means target < ${TARGET_MS} ms)`,
    );
    for (const [name, path, targeted] of requests) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) times.push((await getChecked(server, token, path)).ms);
      const best = Math.min(...times);
      const verdict = targeted ? (best < TARGET_MS ? 'ok' : 'SLOW') : '';
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
  const work = await mkdtemp(join(tmpdir(), 'bench-segments-'));
  try {
    for (const backend of benchBackends(values.only)) {
      const started = performance.now();
      if (backend === 'pglite') {
        const dataDir = join(work, 'pglite-data');
        const runId = await storeRun({ dataDir }, results);
        console.log(`stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        await timeRequests(backend, { DATA_DIR: dataDir, DEMO_DATA: 'false' }, issuer, runId, results);
      } else {
        await withScratchDatabase('segments', async (url) => {
          const runId = await storeRun({ databaseUrl: url, dataDir: join(work, 'unused') }, results);
          console.log(`stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);
          await timeRequests(backend, { DATABASE_URL: url, DATA_DIR: join(work, 'pg-data'), DEMO_DATA: 'false' }, issuer, runId, results);
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
