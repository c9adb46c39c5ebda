/**
 * Rescoring a big run by chosen raters: `npm run bench:rescore-judges -- [--results N] [--pairs N] [--only pglite|postgres]`.
 *
 * Stores straight into the database a golden set of N pairs (200,000 by default: 10 products per query), each
 * rated by two people and a model, and a finished run of N results (100,000 by default; each query asked 5
 * times), then rescores the run in this process (rescore-run.ts, then its slices to the end) three ways: every
 * rater by the set's rule (the set's stored grades), the people only by their median, and the model only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../server/db/database';
import { runToCompletion } from '../server/runs/process-run';
import { rescoreRun } from '../server/runs/rescore-run';
import type { RunQueue } from '../server/runs/run-queue';
import type { RescoreBody } from '../server/schemas/run-judges';
import { openDatabase } from '../server/storage/open-database';
import { benchBackends, withScratchDatabase } from './bench-server';
import { positive } from './run-setup';

const PRODUCTS_PER_QUERY = 10;
const ASKED_PER_QUERY = 5;

const { values } = parseArgs({
  options: { results: { type: 'string', default: '100000' }, pairs: { type: 'string', default: '200000' }, only: { type: 'string' } },
});
const resultCount = positive(values.results!, '--results');
const pairCount = positive(values.pairs!, '--pairs');
const queryCount = Math.ceil(pairCount / PRODUCTS_PER_QUERY);

/** The rescore queues nothing: the bench works the new run itself. */
const queue: RunQueue = { enqueue: async () => {}, committed: () => {}, startWorker: async () => {}, close: async () => {} };
const actor = { sub: 'bench', name: 'Bench' };

async function store(db: Database): Promise<number> {
  const set = await db.query<{ id: number }>(
    `INSERT INTO golden_sets (name, description, market, aggregate) VALUES ('Bench', '', '', 'mean') RETURNING id`,
  );
  const setId = Number(set.rows[0].id);
  const raters = await db.query<{ id: number }>(
    `INSERT INTO raters (kind, name, subject) VALUES ('person', 'Ann', 'ann'), ('person', 'Ben', 'ben'), ('model', 'Model', NULL) RETURNING id`,
  );
  const [ann, ben, model] = raters.rows.map((row) => Number(row.id));
  // Pair p of query q: product q*10+p; each rater's grade a different function of the pair, so they disagree.
  for (let from = 0; from < queryCount; from += 5000) {
    const to = Math.min(queryCount, from + 5000) - 1;
    await db.query(
      `INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade)
       SELECT $1, 'query ' || q, 'query ' || q, 'P' || (q * 10 + p), (q + p) % 4 FROM generate_series($2::int, $3::int) AS q, generate_series(0, 9) AS p`,
      [setId, from, to],
    );
    await db.query(
      `INSERT INTO golden_set_ratings (golden_set_id, query, query_key, product_id, rater_id, grade)
       SELECT $1, 'query ' || q, 'query ' || q, 'P' || (q * 10 + p), r.id, (q + p * r.slope) % 4
       FROM generate_series($2::int, $3::int) AS q, generate_series(0, 9) AS p,
         (VALUES ($4::bigint, 1), ($5::bigint, 3), ($6::bigint, 7)) AS r (id, slope)`,
      [setId, from, to, ann, ben, model],
    );
  }
  const config = { search_target: { kind: 'builtin' }, golden_set_id: setId, k: 10, gain: 'linear', pass_threshold: 0.5, relevant_from: 1 };
  const run = await db.query<{ id: number }>(
    `WITH d AS (INSERT INTO datasets (name, description) VALUES ('Bench', '') RETURNING id),
          s AS (SELECT id FROM evaluation_scripts LIMIT 1),
          x AS (INSERT INTO experiments (name, evaluation_script_id, dataset_id, description, config) SELECT 'Bench', s.id, d.id, '', $1::jsonb FROM s, d RETURNING id)
     INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status, config, golden_set_version, progress_total, progress_done)
     SELECT id, 'Golden set relevance', 'success', $1::jsonb, 0, $2, $2 FROM x RETURNING id`,
    [JSON.stringify(config), resultCount],
  );
  const runId = Number(run.rows[0].id);
  // Entry n asks query n / 5: its stored ranking is that query's 10 products, every other one of them judged.
  for (let from = 1; from <= resultCount; from += 10_000) {
    const to = Math.min(resultCount, from + 9_999);
    const q = `((n - 1) / ${ASKED_PER_QUERY}) % ${queryCount}`;
    await db.query(`INSERT INTO dataset_entries (id, input) SELECT n, 'query ' || ${q} FROM generate_series($1::int, $2::int) AS n`, [
      from,
      to,
    ]);
    await db.query(
      `INSERT INTO experiment_run_entries (run_id, entry_id, input) SELECT $1, n, 'query ' || ${q} FROM generate_series($2::int, $3::int) AS n`,
      [runId, from, to],
    );
    await db.query(
      `INSERT INTO experiment_run_results (run_id, entry_id, experiment_configuration, result, query_key, counted)
       SELECT $1, n, $4::jsonb, jsonb_build_object('input', 'query ' || ${q}, 'status', 'PASS', 'test_result', '',
           'results', jsonb_build_object('search_results',
             (SELECT jsonb_agg(jsonb_build_object('product_id', 'P' || (${q} * 10 + (h * 2) % 10 + h / 5), 'name', 'Product')) FROM generate_series(0, 9) AS h))),
         'query ' || ${q}, n % ${ASKED_PER_QUERY} = 1
       FROM generate_series($2::int, $3::int) AS n`,
      [runId, from, to, JSON.stringify(config)],
    );
  }
  for (const table of ['golden_set_judgements', 'golden_set_ratings', 'experiment_run_entries', 'experiment_run_results']) {
    await db.query(`ANALYZE ${table}`);
  }
  return runId;
}

interface Figure {
  backend: string;
  judges: string;
  seconds: number;
  meanNdcg: number;
}

async function timedRescore(db: Database, runId: number, chosen: RescoreBody) {
  const started = performance.now();
  const rescore = await rescoreRun(db, queue, actor, runId, chosen);
  await runToCompletion(db, Number(rescore.id));
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await db.query<{ status: string; ndcg: number }>(
    `SELECT status, (SELECT avg((result->'results'->'metrics'->>'ndcg@10')::float) FROM experiment_run_results WHERE run_id = $1 AND counted) AS ndcg
     FROM experiment_runs WHERE id = $1`,
    [rescore.id],
  );
  if (rows[0].status !== 'success') throw new Error(`rescore ${rescore.id} ended ${rows[0].status}`);
  return { seconds, meanNdcg: Number(rows[0].ndcg) };
}

async function bench(backend: string, connection: { databaseUrl?: string; dataDir: string }): Promise<Figure[]> {
  const db = await openDatabase(connection);
  try {
    const loading = performance.now();
    const runId = await store(db);
    console.log(`${backend}: stored in ${((performance.now() - loading) / 1000).toFixed(1)} s`);
    const ways: Array<[string, RescoreBody]> = [
      ["all raters, the set's rule (stored grades)", {}],
      ['people only, median', { raters: { kinds: ['person'] }, aggregate: 'median' }],
      ['model only', { raters: { kinds: ['model'] } }],
      ['all raters, pessimistic', { aggregate: 'pessimistic' }],
    ];
    const figures: Figure[] = [];
    for (const [judges, chosen] of ways) {
      const figure = await timedRescore(db, runId, chosen);
      console.log(`${backend}: ${judges}: ${figure.seconds.toFixed(2)} s`);
      figures.push({ backend, judges, ...figure });
    }
    return figures;
  } finally {
    await db.close();
  }
}

const work = await mkdtemp(join(tmpdir(), 'bench-rescore-judges-'));
try {
  console.log(
    `A run of ${resultCount.toLocaleString('en')} results rescored against a set of ${(queryCount * PRODUCTS_PER_QUERY).toLocaleString('en')} pairs × 3 raters`,
  );
  const figures: Figure[] = [];
  for (const backend of benchBackends(values.only)) {
    figures.push(
      ...(backend === 'postgres'
        ? await withScratchDatabase('rescore_judges', (databaseUrl) => bench(backend, { databaseUrl, dataDir: work }))
        : await bench(backend, { dataDir: join(work, 'pglite') })),
    );
  }
  console.table(
    figures.map((f) => ({
      backend: f.backend,
      judges: f.judges,
      'rescore s': f.seconds.toFixed(2),
      'mean nDCG@10': f.meanNdcg.toFixed(4),
    })),
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
