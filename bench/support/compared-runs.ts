/**
 * Two finished runs of N scored queries each of one experiment, stored straight into the database before a
 * server starts on it (bench:run-comparisons, bench:verdict). A share of the queries scores differently in the
 * second run; 1% of each run's queries are not in the other. The first run is tagged main, the second candidate.
 */
import { openDatabase } from '../../server/storage/open-database';
import { migrate } from '../../server/storage/migrate';

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
       SELECT $1, n, jsonb_build_object('input', q.input, 'status', 'PASS',
           'results', jsonb_build_object('metrics', jsonb_build_object(
             'ndcg@10', q.v, 'precision@10', round(q.v * 10) / 10, 'recall@10', q.v * 0.9, 'f1@10', q.v * 0.8,
             'reciprocal_rank@10', 1.0 / (1 + (n % 5)), 'average_precision@10', q.v * 0.7, 'dcg@10', q.v * 3))),
         lower(q.input), true
       FROM generate_series($2::int, $3::int) AS n,
         LATERAL (SELECT (ARRAY['red', 'oak', 'velvet', 'linen', 'outdoor', 'modern'])[1 + n % 6] || ' ' ||
                         (ARRAY['sofa', 'table', 'lamp', 'rug', 'chair'])[1 + (n / 7) % 5] || ' ' || n AS input,
                         ((n * 7919) % 1000) / 1000.0
                           + CASE WHEN $5::boolean AND (n::bigint * 104729 % 1000) < $4::float8 * 1000 THEN ((n * 31) % 200 - 95) / 1000.0 ELSE 0 END AS v) AS q
       WHERE n % 100 <> CASE WHEN $5::boolean THEN 1 ELSE 2 END`,
      [runId, from, Math.min(queries, from + 9_999), changed, second],
    );
  }
  return runId;
}

export async function storeRuns(connection: { databaseUrl?: string; dataDir: string }, queries: number, changed: number) {
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
    return { baseline, candidate };
  } finally {
    await db.close();
  }
}
