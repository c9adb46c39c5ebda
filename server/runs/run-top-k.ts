/**
 * SQL pieces that read a run's top-k pairs the way its judge queue and a model judge's job both read them: the
 * query's key, each result's first k hits, and each query once (its counted result, the first scored; or else
 * its first result the golden set judged nothing for: runs stored before query keys were kept list such a
 * repeated query each time). They expect the result as `r` and name what they add `k` (key) and `h` (hits).
 */

/** `k.key`: the result's query key (older results have none stored). */
export const RESULT_KEY = `CROSS JOIN LATERAL (SELECT coalesce(r.query_key, lower(btrim(r.input))) AS key) AS k`;

/** `h.product_id`, `h.rank`: the result's hits ranked up to `kParam` (an SQL parameter such as '$3'). */
export const topKHits = (kParam: string) => `CROSS JOIN LATERAL (
      SELECT x.hit->>'product_id' AS product_id, x.rank::int AS rank
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.result->'results'->'search_results') = 'array'
        THEN r.result->'results'->'search_results' ELSE '[]'::jsonb END) WITH ORDINALITY AS x (hit, rank)
      WHERE x.rank <= ${kParam}) AS h`;

/** True for the one result of each query that stands for it. */
export const ONE_RESULT_PER_QUERY = `(r.counted OR (r.status = 'UNJUDGED'
      AND NOT EXISTS (SELECT 1 FROM experiment_run_results c WHERE c.run_id = r.run_id AND c.query_key = r.query_key AND c.counted)
      AND NOT EXISTS (SELECT 1 FROM experiment_run_results e WHERE e.run_id = r.run_id AND e.status = 'UNJUDGED'
        AND e.query_key = r.query_key AND (e.created_at, e.id) < (r.created_at, r.id))))`;
