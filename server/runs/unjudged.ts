/**
 * What a run found that nobody judged (issue 16): every (query, product) in its top k that its golden set
 * does not judge now, each query once (its first scored result). Queries in the run's order; within one,
 * products in an order shuffled by run and product, so rank does not bias the judge and a reopened queue
 * shows them the same way. Pairs judged meanwhile drop out: a reopened queue resumes with what is left.
 */
import type { Queryable } from '../db/database';
import { HttpError, notFound } from '../errors';

export interface UnjudgedItem {
  query: string;
  product_id: string;
  rank: number;
  result_id: number;
  name: string | null;
  image_url: string | null;
  description: string | null;
}

const UNJUDGED = `
  WITH firsts AS (
    SELECT DISTINCT ON (key) id, input, key, result FROM (
      SELECT id, input, coalesce(query_key, lower(btrim(input))) AS key, result FROM experiment_run_results
      WHERE run_id = $1 AND status IN ('PASS', 'FAIL', 'UNJUDGED')) AS scored
    ORDER BY key, id
  ), hits AS (
    SELECT f.id AS result_id, f.input AS query, f.key, h.hit->>'product_id' AS product_id, h.rank::int AS rank
    FROM firsts f,
      jsonb_array_elements(CASE WHEN jsonb_typeof(f.result->'results'->'search_results') = 'array'
        THEN f.result->'results'->'search_results' ELSE '[]'::jsonb END) WITH ORDINALITY AS h (hit, rank)
    WHERE h.rank <= $3
  )
  SELECT hits.query, hits.product_id, hits.rank, hits.result_id, p.name, p.image_url, p.description
  FROM hits LEFT JOIN products p ON p.product_id = hits.product_id
  WHERE hits.product_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM golden_set_judgements j WHERE j.golden_set_id = $2 AND j.query_key = hits.key AND j.product_id = hits.product_id)`;

/** The run's golden set and k; 409 when it has none (runs made elsewhere). */
export async function runJudging(db: Queryable, runId: number): Promise<{ goldenSetId: number; k: number }> {
  const { rows } = await db.query<{ golden_set_id: number | null; k: number | null }>(
    `SELECT CASE WHEN jsonb_typeof(config->'golden_set_id') = 'number' THEN (config->>'golden_set_id')::numeric::bigint END AS golden_set_id,
       CASE WHEN jsonb_typeof(config->'k') = 'number' THEN (config->>'k')::int END AS k
     FROM experiment_runs WHERE id = $1`,
    [runId],
  );
  if (rows.length === 0) throw notFound('Experiment run', runId);
  const { golden_set_id, k } = rows[0];
  if (golden_set_id === null) throw new HttpError(409, `Run ${runId} has no golden set to judge into (it was made elsewhere)`);
  return { goldenSetId: Number(golden_set_id), k: k ?? 10 };
}

export async function unjudgedPage(
  db: Queryable,
  runId: number,
  [limit, offset]: number[],
): Promise<{ total: number; items: UnjudgedItem[] }> {
  const { goldenSetId, k } = await runJudging(db, runId);
  const [page, total] = await Promise.all([
    db.query<UnjudgedItem>(`${UNJUDGED} ORDER BY hits.result_id, md5($1::text || ':' || hits.product_id) LIMIT $4 OFFSET $5`, [
      runId,
      goldenSetId,
      k,
      limit,
      offset,
    ]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${UNJUDGED}) AS unjudged`, [runId, goldenSetId, k]),
  ]);
  return { total: Number(total.rows[0].total), items: page.rows };
}
