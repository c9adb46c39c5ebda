/**
 * A judge job's pairs, fixed when it starts: a run's top-k pairs (those its golden set does not judge now, or
 * all), or every pair the set judges; and what the model is shown of them.
 */
import type { Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import { HttpError } from '../errors';
import { ONE_RESULT_PER_QUERY, RESULT_KEY, topKHits } from '../runs/run-top-k';
import { runJudging } from '../runs/unjudged';
import type { NewJudgeJob } from '../schemas/judge-jobs';
import type { JobPair } from './job-calls';
import type { JudgedProduct, JudgeScale } from './judge-prompt';

// The run's top-k pairs ($1 the run, $2 its golden set, $3 k), each query once as the run's judge queue reads
// it (run-top-k.ts); `unjudged` keeps the pairs the set does not judge now.
const runPairsSql = (onlyUnjudged: boolean) => `
  SELECT r.input AS query, k.key AS query_key, h.product_id, h.rank, r.id AS result_id
  FROM experiment_run_results r
    ${RESULT_KEY}
    ${topKHits('$3')}
  WHERE r.run_id = $1 AND h.product_id IS NOT NULL AND ${ONE_RESULT_PER_QUERY}
    AND ${onlyUnjudged ? 'NOT' : ''} (EXISTS (SELECT 1 FROM golden_set_judgements j
      WHERE j.golden_set_id = $2 AND j.query_key = k.key AND j.product_id = h.product_id) ${onlyUnjudged ? '' : 'OR true'})`;

/** Fills the job's pairs; answers how many. 400 naming the field when the request asks for none that can be. */
export async function fillJobPairs(tx: Queryable, jobId: number, { golden_set_id: setId, run_id: runId, scope }: NewJudgeJob) {
  if (runId === undefined) {
    if (scope === 'unjudged')
      throw new HttpError(400, "body.run_id is required for scope 'unjudged' (a set's own pairs are all judged); use scope 'all'");
    const { rowCount } = await tx.query(
      `INSERT INTO judge_job_pairs (job_id, position, query, query_key, product_id)
       SELECT $2, row_number() OVER (ORDER BY query_key, product_id), query, query_key, product_id
       FROM golden_set_judgements WHERE golden_set_id = $1`,
      [setId, jobId],
    );
    return rowCount;
  }
  await requireRow(tx, 'experiment_runs', runId, { field: 'body.run_id' });
  const { goldenSetId, k } = await runJudging(tx, runId);
  if (goldenSetId !== setId)
    throw new HttpError(400, `body.golden_set_id: run ${runId} is scored against golden set ${goldenSetId}, not ${setId}`);
  // A product a search listed twice is asked about once.
  const { rowCount } = await tx.query(
    `INSERT INTO judge_job_pairs (job_id, position, query, query_key, product_id)
     SELECT $4, row_number() OVER (ORDER BY result_id, rank), query, query_key, product_id
     FROM (SELECT DISTINCT ON (query_key, product_id) * FROM (${runPairsSql(scope === 'unjudged')}) AS top_k
       ORDER BY query_key, product_id, result_id, rank) AS pairs`,
    [runId, setId, k, jobId],
  );
  return rowCount;
}

/** The next `limit` pairs of the job not yet handled, in order. */
export async function pendingPairs(db: Queryable, jobId: number, limit: number): Promise<JobPair[]> {
  const { rows } = await db.query<JobPair>(
    `SELECT position, query, query_key, product_id FROM judge_job_pairs WHERE job_id = $1 AND NOT done ORDER BY position LIMIT $2`,
    [jobId, limit],
  );
  return rows;
}

/** The products as the model sees them: their attributes, name and description (empty when not in the catalogue). */
export async function judgedProducts(db: Queryable, productIds: readonly string[]): Promise<Map<string, JudgedProduct>> {
  const { rows } = await db.query<{ product_id: string; fields: Record<string, unknown> }>(
    `SELECT product_id, attributes || jsonb_build_object('name', name, 'description', description) AS fields
     FROM products WHERE product_id = ANY($1::text[])`,
    [[...new Set(productIds)]],
  );
  const found = new Map(rows.map((row) => [row.product_id, row.fields]));
  return new Map(productIds.map((id) => [id, { product_id: id, fields: found.get(id) ?? {} }]));
}

export async function setScale(db: Queryable, setId: number): Promise<JudgeScale> {
  const { rows } = await db.query<{ max_grade: number; grade_labels: string[] }>(
    'SELECT max_grade, grade_labels FROM golden_sets WHERE id = $1',
    [setId],
  );
  return { max_grade: rows[0].max_grade, labels: rows[0].grade_labels };
}
