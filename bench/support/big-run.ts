/**
 * A big finished run stored straight into the database, shaped as the worker stores its results (10 hits
 * with names and image URLs, 5 judgements, every metric; statuses and inputs as a run has them), each
 * linked to an entry of its own whose metadata groups the queries (12 query classes, 4 locales). One in 7
 * returned 6 hits and missed a relevant product, one in 11 others found none of its relevant products: a
 * mix of completion statuses to filter on.
 */
import { openDatabase } from '../../server/storage/open-database';
import { migrate } from '../../server/storage/migrate';
import { settleImport } from '../../server/db/after-import';

const METRICS = [
  'ndcg@10',
  'precision@10',
  'recall@10',
  'f1@10',
  'reciprocal_rank@10',
  'average_precision@10',
  'dcg@10',
  'idcg@10',
  'unjudged@10',
];

/** A run of `results` results and their entries, in one statement per 10,000 of each; the run's id. */
export async function storeBigRun(connection: { databaseUrl?: string; dataDir: string }, results: number): Promise<number> {
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
         SELECT n, ${INPUT}, jsonb_build_object('query_class', 'Class ' || (n % 12), 'locale', (ARRAY['en', 'de', 'fr', 'nl'])[1 + n % 4])
         FROM generate_series($1::int, $2::int) AS n`,
        [from, to],
      );
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
                  'image_url', 'https://images.example.com/products/' || (n * 10 + h) || '.jpg')) FROM generate_series(1, q.hits) AS h),
               'golden_set', (SELECT jsonb_agg(jsonb_build_object('product_id', 'P' || (n * 10 + j), 'relevance', j % 4)) FROM generate_series(1, 5) AS j),
               'commons', q.commons, 'missings', q.missings, 'leftovers', '[]'::jsonb)),
           q.input, q.status IN ('PASS', 'FAIL')
         FROM generate_series($2::int, $3::int) AS n,
           LATERAL (SELECT ${INPUT} AS input,
                           CASE WHEN n % 50 = 0 THEN 'ERROR' WHEN n % 13 = 0 THEN 'UNJUDGED' WHEN n % 3 = 0 THEN 'FAIL' ELSE 'PASS' END AS status,
                           ((n * 7919) % 1000) / 1000.0 AS ndcg,
                           CASE WHEN n % 7 = 0 THEN 6 ELSE 10 END AS hits,
                           CASE WHEN n % 7 = 0 OR n % 11 = 0 THEN '[]'::jsonb ELSE jsonb_build_array('P' || (n * 10 + 1)) END AS commons,
                           CASE WHEN n % 7 = 0 OR n % 11 = 0 THEN jsonb_build_array('P' || (n * 10 + 99)) ELSE '[]'::jsonb END AS missings) AS q`,
        [runId, from, to],
      );
    }
    await db.query('ANALYZE dataset_entries');
    // As the run's worker does when a run ends.
    await settleImport(db, 'results', results, console);
    return runId;
  } finally {
    await db.close();
  }
}

/** Query n's text, e.g. "velvet sofa 2": a few words repeat across the run, so searches match many results. */
const INPUT = `(ARRAY['red', 'oak', 'velvet', 'linen', 'outdoor', 'modern'])[1 + n % 6] || ' ' ||
  (ARRAY['sofa', 'table', 'lamp', 'rug', 'chair'])[1 + (n / 7) % 5] || ' ' || n`;
