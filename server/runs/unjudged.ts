/**
 * What a run found that nobody judged: every (query, product) in its top k that its golden set
 * does not judge now. Queries in the run's order; within one,
 * products in an order shuffled by run and product, so rank does not bias the judge and a reopened queue
 * shows them the same way. Pairs judged meanwhile drop out: a reopened queue resumes with what is left.
 */
import type { Queryable } from '../db/database';
import { COUNT_CAP, type ListTotal } from '../db/capped-matches';
import { HttpError, notFound } from '../errors';
import type { UnjudgedItem } from '../schemas/judging';

// Read in the run's order (its index on created_at, id), so a page stops once it has its rows: the first
// pages of a 100,000-result run cost what a small run's do. Each query once: its counted result (the first
// scored), or else the first result the golden set judged nothing for (runs stored before query keys were
// kept list such a repeated query each time).
const TOP_K = `
  SELECT r.input AS query, coalesce(r.query_key, lower(btrim(r.input))) AS query_key, h.product_id, h.rank, r.id AS result_id,
    p.name, p.image_url, p.description,
    coalesce(p.attributes, '{}'::jsonb) AS attributes
  FROM experiment_run_results r
    CROSS JOIN LATERAL (
      SELECT x.hit->>'product_id' AS product_id, x.rank::int AS rank
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.result->'results'->'search_results') = 'array'
        THEN r.result->'results'->'search_results' ELSE '[]'::jsonb END) WITH ORDINALITY AS x (hit, rank)
      WHERE x.rank <= $3) AS h
    LEFT JOIN products p ON p.product_id = h.product_id
  WHERE r.run_id = $1 AND h.product_id IS NOT NULL
    AND (r.counted OR (r.status = 'UNJUDGED'
      AND NOT EXISTS (SELECT 1 FROM experiment_run_results c WHERE c.run_id = r.run_id AND c.query_key = r.query_key AND c.counted)
      AND NOT EXISTS (SELECT 1 FROM experiment_run_results e WHERE e.run_id = r.run_id AND e.status = 'UNJUDGED'
        AND e.query_key = r.query_key AND (e.created_at, e.id) < (r.created_at, r.id))))`;
const NOT_JUDGED = `
    AND NOT EXISTS (SELECT 1 FROM golden_set_judgements j WHERE j.golden_set_id = $2
      AND j.query_key = coalesce(r.query_key, lower(btrim(r.input))) AND j.product_id = h.product_id)`;
const UNJUDGED = TOP_K + NOT_JUDGED;

/**
 * The run's top-k pairs ($1 the run, $2 its golden set, $3 k), or only those the set does not judge now:
 * for a model judge's job, which reads query, query_key, product_id and result_id.
 */
export const runPairsSql = (onlyUnjudged: boolean) => (onlyUnjudged ? UNJUDGED : `${TOP_K} AND $2::bigint IS NOT NULL`);

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

/** A page of the queue, and how many there are, counted up to COUNT_CAP (then `capped`). */
export async function unjudgedPage(
  db: Queryable,
  runId: number,
  [limit, offset]: number[],
): Promise<{ items: UnjudgedItem[] } & ListTotal> {
  const { goldenSetId, k } = await runJudging(db, runId);
  const [page, counted] = await Promise.all([
    db.query<UnjudgedItem>(`${UNJUDGED} ORDER BY r.created_at, r.id, md5($1::text || ':' || h.product_id) LIMIT $4 OFFSET $5`, [
      runId,
      goldenSetId,
      k,
      limit,
      offset,
    ]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${UNJUDGED} LIMIT ${COUNT_CAP + 1}) AS unjudged`, [
      runId,
      goldenSetId,
      k,
    ]),
  ]);
  const total = Number(counted.rows[0].total);
  return { items: page.rows, ...(total > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total, capped: false }) };
}
