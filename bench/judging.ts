/**
 * Judging at scale: `npm run bench:judging -- [--queries N] [--results R] [--only pglite|postgres]`.
 *
 * Stores a golden set of N queries (200,000 by default) with 5 judgements each (rated by its upload), and a finished run of R
 * results (100,000) whose top 10 judge some products and not others, straight into the database before
 * the real server (server/main.ts) starts on it. Then times, one request at a time: a grade saved (PUT,
 * a new judgement and a changed grade; target < 100 ms), a removal, the set itself, its queries
 * (first and a deep page, a search), one query's judgements, the history, the run's judge queue (first and a deep
 * page, scoped to every query and to failures, a scope that reads the whole run to find none) and the set's queue.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/storage/open-database';
import { migrate } from '../server/storage/migrate';
import { settleImport } from '../server/db/after-import';
import { storeQueryCount } from '../server/golden-sets/golden-set-records';
import { rateAsImport } from '../server/golden-sets/raters';
import { startTestIssuer, type TestIssuer } from '../test/server/helpers/test-issuer';
import { getChecked } from './api-mix';
import { benchBackends, startBenchServer, stopBenchServer, withScratchDatabase, type BenchBackend, type BenchServer } from './bench-server';
import { positive } from './run-setup';

const SAVE_TARGET_MS = 100;

async function store(connection: { databaseUrl?: string; dataDir: string }, queries: number, results: number) {
  const db = await openDatabase(connection);
  try {
    await migrate(db);
    const set = await db.query<{ id: number }>(`INSERT INTO golden_sets (name) VALUES ('Bench judgements') RETURNING id`);
    const setId = Number(set.rows[0].id);
    for (let from = 1; from <= queries; from += 20_000) {
      await db.query(
        `INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade)
         SELECT $1, 'query ' || q, 'query ' || q, 'P' || (q * 10 + j), (q + j) % 4
         FROM generate_series($2::int, $3::int) AS q, generate_series(1, 5) AS j`,
        [setId, from, Math.min(queries, from + 19_999)],
      );
    }
    // Rated by its upload, as an uploaded set is.
    await rateAsImport(db, setId, 'Bench judgements');
    await storeQueryCount(db, setId);
    const run = await db.query<{ id: number }>(
      `WITH d AS (INSERT INTO datasets (name, description) VALUES ('Bench', '') RETURNING id),
            s AS (SELECT id FROM evaluation_scripts LIMIT 1),
            x AS (INSERT INTO experiments (name, evaluation_script_id, dataset_id, description) SELECT 'Bench', s.id, d.id, '' FROM s, d RETURNING id)
       INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status, config)
       SELECT id, 'Golden set relevance', 'success', jsonb_build_object('golden_set_id', $1::bigint, 'k', 10) FROM x RETURNING id`,
      [setId],
    );
    const runId = Number(run.rows[0].id);
    // Each query's top 10: its 5 judged products and 5 others (P…6 to P…10 judge nothing).
    for (let from = 1; from <= results; from += 10_000) {
      await db.query(
        `INSERT INTO experiment_run_results (run_id, entry_id, result, query_key, counted)
         SELECT $1, n, jsonb_build_object('input', 'query ' || n, 'status', 'PASS', 'results', jsonb_build_object(
             'metrics', jsonb_build_object('ndcg@10', 0.5),
             'search_results', (SELECT jsonb_agg(jsonb_build_object('product_id', 'P' || (n * 10 + h)) ORDER BY h) FROM generate_series(1, 10) AS h))),
           'query ' || n, true
         FROM generate_series($2::int, $3::int) AS n`,
        [runId, from, Math.min(results, from + 9_999)],
      );
    }
    // The judgements as the golden set upload leaves them (vacuumed), the run's results as the worker does (analyzed only).
    await settleImport(db, 'judgements', queries * 5, { warn: (details, message) => console.warn(message, details) });
    await db.query('ANALYZE');
    return { setId, runId };
  } finally {
    await db.close();
  }
}

async function send(server: BenchServer, token: string, method: string, path: string, body?: object): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return performance.now() - started;
}

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`;
};

async function timeJudging(
  backend: BenchBackend,
  env: Record<string, string>,
  issuer: TestIssuer,
  ids: { setId: number; runId: number },
  queries: number,
) {
  const server = await startBenchServer(env, issuer, 0);
  try {
    const token = await issuer.token();
    const set = `/api/backend/golden-sets/${ids.setId}`;
    const saves: number[] = [];
    const changes: number[] = [];
    const removals: number[] = [];
    for (let i = 0; i < 20; i++) {
      const query = `query ${1 + ((i * 7919) % queries)}`;
      saves.push(await send(server, token, 'PUT', `${set}/judgements/`, { query, product_id: `new-${i}`, grade: 2 }));
      changes.push(await send(server, token, 'PUT', `${set}/judgements/`, { query, product_id: `new-${i}`, grade: 3 }));
      removals.push(await send(server, token, 'DELETE', `${set}/judgements/?query=${encodeURIComponent(query)}&product_id=new-${i}`));
    }
    const verdict = (times: number[]) => (Math.max(...times) < SAVE_TARGET_MS ? 'ok' : 'SLOW');
    console.log(
      `${backend}: ${queries.toLocaleString('en')} queries × 5 judgements; 20 of each, one at a time (target < ${SAVE_TARGET_MS} ms)`,
    );
    console.log(`  PUT a new judgement          ${stats(saves)}  ${verdict(saves)}`);
    console.log(`  PUT a changed grade          ${stats(changes)}  ${verdict(changes)}`);
    console.log(`  DELETE a judgement           ${stats(removals)}  ${verdict(removals)}`);
    const deep = Math.max(1, Math.floor(queries / 20 / 2));
    const reads: Array<[string, string]> = [
      ['the golden set', set],
      ['queries, page 1', `${set}/queries/?page=1`],
      [`queries, page ${deep.toLocaleString('en')}`, `${set}/queries/?page=${deep}`],
      ['queries, search=query 1234', `${set}/queries/?search=query%201234`],
      ["one query's judgements", `${set}/judgements/?query=query%2042`],
      ['history, page 1', `${set}/history/?page=1`],
      ['run queue, page 1', `/api/backend/experiment-runs/${ids.runId}/unjudged/?page=1`],
      ['run queue, page 100', `/api/backend/experiment-runs/${ids.runId}/unjudged/?page=100`],
      ['run queue, scope=all', `/api/backend/experiment-runs/${ids.runId}/unjudged/?scope=all`],
      ['run queue, scope=failures', `/api/backend/experiment-runs/${ids.runId}/unjudged/?scope=failures`],
      ['set queue, 1 rating wanted', `${set}/queue/`],
    ];
    console.log('  reads, best of 3:');
    for (const [name, path] of reads) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) times.push((await getChecked(server, token, path)).ms);
      console.log(
        `  ${name.padEnd(30)} ${Math.min(...times)
          .toFixed(1)
          .padStart(8)} ms`,
      );
    }
  } finally {
    await stopBenchServer(server.child);
  }
}

async function main() {
  const { values } = parseArgs({
    options: { queries: { type: 'string', default: '200000' }, results: { type: 'string', default: '100000' }, only: { type: 'string' } },
  });
  const queries = positive(values.queries!, '--queries');
  const results = positive(values.results!, '--results');
  const issuer = await startTestIssuer();
  const work = await mkdtemp(join(tmpdir(), 'bench-judging-'));
  try {
    for (const backend of benchBackends(values.only)) {
      if (backend === 'pglite') {
        const dataDir = join(work, 'pglite-data');
        const ids = await store({ dataDir }, queries, results);
        await timeJudging(backend, { DATA_DIR: dataDir, DEMO_DATA: 'false' }, issuer, ids, queries);
      } else {
        await withScratchDatabase('judging', async (url) => {
          const ids = await store({ databaseUrl: url, dataDir: join(work, 'unused') }, queries, results);
          await timeJudging(backend, { DATABASE_URL: url, DATA_DIR: join(work, 'pg-data'), DEMO_DATA: 'false' }, issuer, ids, queries);
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
