/**
 * Two finished runs of N scored queries each of one experiment, stored straight into the database before a
 * server starts on it (bench:run-comparisons, bench:verdict). Each result holds its ten products. A share of the
 * queries scores and ranks differently in the second run; 1% of each run's queries are not in the other, and 1% are
 * unjudged in both (not counted, but ranked). The first run is tagged main, the second candidate.
 * Their scores are kept for comparisons as a run's worker keeps them when the run ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/storage/open-database';
import { migrate } from '../../server/storage/migrate';
import { keepScoreLines } from '../../server/comparisons/run-scores';
import { startTestIssuer, type TestIssuer } from '../../test/server/helpers/test-issuer';
import { benchBackends, withScratchDatabase, type BenchBackend } from '../bench-server';
import { positive } from '../run-setup';

const METRIC_SUMS = `'{"ndcg@10": 0, "precision@10": 0, "recall@10": 0, "f1@10": 0, "reciprocal_rank@10": 0, "average_precision@10": 0, "dcg@10": 0}'`;

/** One run's N counted results; `shift` moves the changed queries' scores, `skip` leaves out every 100th query from an offset. */
async function storeRun(
  db: Awaited<ReturnType<typeof openDatabase>>,
  experimentId: number,
  queries: number,
  changed: number,
  second: boolean,
) {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status, metric_sums, config, tags)
     VALUES ($1, 'Golden set relevance', 'success', ${METRIC_SUMS}::jsonb, '{"golden_set_id": 1}', $2) RETURNING id`,
    [experimentId, second ? ['candidate'] : ['main']],
  );
  const runId = Number(rows[0].id);
  for (let from = 1; from <= queries; from += 10_000) {
    await db.query(
      `INSERT INTO experiment_run_results (run_id, entry_id, result, query_key, counted)
       SELECT $1, n, jsonb_build_object('input', q.input, 'status', CASE WHEN n % 100 = 50 THEN 'UNJUDGED' ELSE 'PASS' END,
           'results', jsonb_build_object('metrics', jsonb_build_object(
             'ndcg@10', q.v, 'precision@10', round(q.v * 10) / 10, 'recall@10', q.v * 0.9, 'f1@10', q.v * 0.8,
             'reciprocal_rank@10', 1.0 / (1 + (n % 5)), 'average_precision@10', q.v * 0.7, 'dcg@10', q.v * 3),
             'search_results', q.hits)),
         lower(q.input), n % 100 <> 50
       FROM generate_series($2::int, $3::int) AS n,
         LATERAL (SELECT (ARRAY['red', 'oak', 'velvet', 'linen', 'outdoor', 'modern'])[1 + n % 6] || ' ' ||
                         (ARRAY['sofa', 'table', 'lamp', 'rug', 'chair'])[1 + (n / 7) % 5] || ' ' || n AS input,
                         $5::boolean AND (n::bigint * 104729 % 1000) < $4::float8 * 1000 AS changed) AS c,
         LATERAL (SELECT c.input, ((n * 7919) % 1000) / 1000.0 + CASE WHEN c.changed THEN ((n * 31) % 200 - 95) / 1000.0 ELSE 0 END AS v,
                         -- Ten products; a changed query's move up 0 to 3 places, new ones coming in below them.
                         (SELECT jsonb_agg(jsonb_build_object('product_id', 'p' || (n * 7 + CASE WHEN c.changed THEN (r + n % 4) ELSE r END),
                                                              'name', 'Product ' || r) ORDER BY r)
                          FROM generate_series(0, 9) AS r) AS hits) AS q
       WHERE n % 100 <> CASE WHEN $5::boolean THEN 1 ELSE 2 END`,
      [runId, from, Math.min(queries, from + 9_999), changed, second],
    );
  }
  return runId;
}

async function storeRuns(connection: { databaseUrl?: string; dataDir: string }, queries: number, changed: number) {
  const db = await openDatabase(connection);
  try {
    await migrate(db);
    const { rows } = await db.query<{ id: number }>(
      `WITH d AS (INSERT INTO datasets (name, description) VALUES ('Bench', '') RETURNING id),
            s AS (SELECT id FROM evaluation_scripts LIMIT 1)
       INSERT INTO experiments (name, evaluation_script_id, dataset_id, description) SELECT 'Bench', s.id, d.id, '' FROM s, d RETURNING id`,
    );
    const experimentId = Number(rows[0].id);
    const baseline = await storeRun(db, experimentId, queries, changed, false);
    const candidate = await storeRun(db, experimentId, queries, changed, true);
    await db.query('ANALYZE experiment_run_results');
    // As the run's worker does when a run ends: a comparison reads these instead of every result.
    const started = performance.now();
    for (const runId of [baseline, candidate]) await keepScoreLines(db, runId);
    console.log(`  kept both runs' scores as their worker would at their end: ${((performance.now() - started) / 2).toFixed(0)} ms a run`);
    return { baseline, candidate };
  } finally {
    await db.close();
  }
}

type StoredRuns = Awaited<ReturnType<typeof storeRuns>>;
/** Times what the bench times on a server over these environment variables and stored runs. */
type TimeRuns = (backend: BenchBackend, env: Record<string, string>, issuer: TestIssuer, runs: StoredRuns) => Promise<void>;

/**
 * A bench over two stored runs: `--queries N` (100,000), `--changed S` (the share scoring differently, 1) and
 * `--only pglite|postgres`; the runs stored afresh on each database, then `time` on a server over them.
 */
export async function benchOnStoredRuns(name: string, time: TimeRuns): Promise<void> {
  const { values } = parseArgs({
    options: { queries: { type: 'string', default: '100000' }, changed: { type: 'string', default: '1' }, only: { type: 'string' } },
  });
  const queries = positive(values.queries!, '--queries');
  const changed = Number(values.changed);
  if (!(changed >= 0 && changed <= 1)) throw new Error('--changed is a share from 0 to 1');
  const issuer = await startTestIssuer();
  const work = await mkdtemp(join(tmpdir(), `bench-${name}-`));
  try {
    console.log(`two runs of ${queries.toLocaleString('en')} queries, ${Math.round(changed * 100)}% of them scoring differently`);
    for (const backend of benchBackends(values.only)) {
      if (backend === 'pglite') {
        const dataDir = join(work, 'pglite-data');
        const runs = await storeRuns({ dataDir }, queries, changed);
        await time(backend, { DATA_DIR: dataDir, DEMO_DATA: 'false' }, issuer, runs);
      } else {
        await withScratchDatabase(name.replace(/-/g, '_'), async (url) => {
          const runs = await storeRuns({ databaseUrl: url, dataDir: join(work, 'unused') }, queries, changed);
          await time(backend, { DATABASE_URL: url, DATA_DIR: join(work, 'pg-data'), DEMO_DATA: 'false' }, issuer, runs);
        });
      }
    }
  } finally {
    await issuer.close();
    await rm(work, { recursive: true, force: true });
  }
}
