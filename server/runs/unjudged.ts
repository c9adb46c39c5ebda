/**
 * A run's judge queue: the (query, product) pairs of its top k that its golden set wants more ratings of and
 * the signed-in person has not rated, fewest ratings first, then top ranks first, then the run's order
 * (rating-queue.ts). Scoped: by default to the queries the set already judges, so grading never adds a query
 * unasked; or one query, the queries the run failed, those whose score dropped against another run, or all.
 * A pair rated meanwhile drops out: a reopened queue resumes with what is left.
 */
import type { Queryable } from '../db/database';
import { HttpError, notFound } from '../errors';
import { queryKey } from '../evaluation/query-key';
import { pairRatingsSql, queuePage, ratingsTarget, type QueuePage, type QueueSql } from '../golden-sets/rating-queue';
import type { QueueScope } from '../schemas/judging';
import { ONE_RESULT_PER_QUERY, RESULT_KEY, topKHits } from './run-top-k';

export interface RunQueueScope {
  scope: QueueScope;
  /** scope=query: the query. */
  query?: string;
  /** scope=regressions: the keys of the queries that dropped (regressed-queries.ts). */
  regressed?: string[];
}

// The run's results read in its order (its index on created_at, id), so the window stops once it has its
// pairs, each query once (run-top-k.ts).
const pairsOfRun = (filters: string) => `
  SELECT r.input AS query, h.product_id, h.rank, r.id AS result_id, n.ratings, NOT q.judged AS new_query, r.created_at
  FROM experiment_run_results r
    ${RESULT_KEY}
    CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM golden_set_judgements j WHERE j.golden_set_id = $2 AND j.query_key = k.key) AS judged) AS q
    ${topKHits('$3')}
    CROSS JOIN LATERAL (${pairRatingsSql('$2', 'k.key', 'h.product_id', '$5')}) AS n
  WHERE r.run_id = $1 AND h.product_id IS NOT NULL AND n.ratings < $4 AND ${ONE_RESULT_PER_QUERY}
    ${filters}
  ORDER BY r.created_at, r.id, h.rank`;

/** The scope as a condition on the result (r), its key (k) and whether the set judges the query (q), with its parameter. */
function scopeFilter({ scope, query, regressed }: RunQueueScope): { filter: string; params: unknown[] } {
  switch (scope) {
    case 'judged':
      return { filter: 'AND q.judged', params: [] };
    case 'query':
      if (query === undefined || queryKey(query) === '') throw new HttpError(400, 'querystring.query is required with scope=query');
      return { filter: 'AND k.key = $6', params: [queryKey(query)] };
    case 'failures':
      return { filter: `AND r.status = 'FAIL'`, params: [] };
    case 'regressions':
      return { filter: 'AND k.key = ANY($6::text[])', params: [regressed ?? []] };
    case 'all':
      return { filter: '', params: [] };
  }
}

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

/** A page of the run's queue for rater `person` (null: someone who has rated nothing yet). */
export async function unjudgedPage(
  db: Queryable,
  runId: number,
  scope: RunQueueScope,
  person: number | null,
  window: number[],
): Promise<QueuePage> {
  const { goldenSetId, k } = await runJudging(db, runId);
  const target = await ratingsTarget(db, goldenSetId);
  if (target === null) throw new HttpError(409, `Run ${runId}'s golden set ${goldenSetId} has been deleted`);
  const { filter, params } = scopeFilter(scope);
  const sql: QueueSql = {
    waiting: pairsOfRun(`${filter} AND NOT n.mine`),
    short: `SELECT $4 - ratings AS missing FROM (${pairsOfRun(filter)}) AS p`,
    order: 'w.rank, w.created_at, w.result_id',
    params: [runId, goldenSetId, k, target, person, ...params],
  };
  return queuePage(db, sql, window);
}
