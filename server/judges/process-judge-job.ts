/**
 * Works a judge job a slice at a time: the next pairs asked of the model (a round of calls, as many as the
 * judge's concurrency allows), then, in one transaction, their grades rated under the judge's rater with
 * their provenance, the calls that gave no grade listed with the model's answer, and the totals counted.
 * A batch finishing after the job was cancelled is dropped.
 */
import type { Database, Queryable } from '../db/database';
import { queryKey } from '../evaluation/query-key';
import { modelRater, rateInBulk, type RaterGrade } from '../golden-sets/rater-grades';
import { callsOf, roundCost, type JobPair } from './job-calls';
import { judgedProducts, pendingPairs, setScale } from './judge-job-pairs';
import { ModelClient, type JudgeAnswer, type ModelClientOptions } from './model-client';
import type { StoredModelJudge } from './model-judge-records';

export interface JudgeSliceOptions {
  /** The model client's timeout and retry waits (tests shorten them). */
  client?: ModelClientOptions;
}

interface SliceRun extends JudgeSliceOptions {
  deadline: number;
  signal?: AbortSignal;
}

/** A slice that throws this many times in a row fails its job. */
const JUDGE_SLICE_TRIES = 5;

interface Job {
  judge_id: number | null;
  golden_set_id: number;
  status: string;
}

export async function processJudgeSlice(
  db: Database,
  jobId: number,
  { deadline, signal, client: options }: SliceRun,
): Promise<'more' | 'done'> {
  const jobs = await db.query<Job>('SELECT judge_id, golden_set_id, status FROM judge_jobs WHERE id = $1', [jobId]);
  const job = jobs.rows[0];
  if (job === undefined || (job.status !== 'queued' && job.status !== 'running')) return 'done';
  const judges =
    job.judge_id === null ? [] : (await db.query<StoredModelJudge>('SELECT * FROM model_judges WHERE id = $1', [job.judge_id])).rows;
  if (judges.length === 0) {
    await failJob(db, jobId, 'The model judge was deleted');
    return 'done';
  }
  const [judge] = judges;
  await db.query(`UPDATE judge_jobs SET status = 'running', started_at = coalesce(started_at, now()) WHERE id = $1 AND status = 'queued'`, [
    jobId,
  ]);
  const client = new ModelClient(judge, options);
  const scale = await setScale(db, job.golden_set_id);
  const raterId = await db.transaction((tx) => modelRater(tx, Number(judge.id), judge.name));
  do {
    const pairs = await pendingPairs(db, jobId, judge.concurrency * judge.products_per_call);
    if (pairs.length === 0) return 'done';
    const calls = callsOf(pairs, judge.products_per_call);
    const products = await judgedProducts(
      db,
      pairs.map((pair) => pair.product_id),
    );
    const answers = await Promise.all(
      calls.map((call) =>
        client.grade({ scale, query: call[0].query, products: call.map((pair) => products.get(pair.product_id)!), signal }),
      ),
    );
    const stored = await db.transaction((tx) => storeBatch(tx, jobId, job.golden_set_id, raterId, judge, calls, answers));
    if (!stored) return 'done';
  } while (Date.now() < deadline);
  return 'more';
}

/** One batch's outcome; false when the job is no longer running (cancelled meanwhile), storing nothing. */
async function storeBatch(
  tx: Queryable,
  jobId: number,
  setId: number,
  raterId: number,
  judge: StoredModelJudge,
  calls: JobPair[][],
  answers: JudgeAnswer[],
): Promise<boolean> {
  const { rows } = await tx.query<{ status: string }>('SELECT status FROM judge_jobs WHERE id = $1 FOR UPDATE', [jobId]);
  if (rows[0]?.status !== 'running') return false;
  const grades: (RaterGrade & { answer: JudgeAnswer; explanation: string; in_call: number })[] = [];
  const failures: { query: string; product_id: string; error: string; raw: string | null }[] = [];
  calls.forEach((call, index) => {
    const answer = answers[index];
    if (answer.ok) answer.grades.forEach((graded, at) => grades.push({ ...graded, query: call[at].query, answer, in_call: call.length }));
    else for (const pair of call) failures.push({ query: pair.query, product_id: pair.product_id, error: answer.error, raw: answer.raw });
  });
  if (grades.length > 0) {
    await rateInBulk(
      tx,
      setId,
      raterId,
      grades.map(({ query, product_id, grade }) => ({ query, product_id, grade })),
      { who: judge.name },
    );
    await tx.query(
      `INSERT INTO model_judgements (golden_set_id, query_key, product_id, rater_id, job_id, model, prompt_template_sha256, temperature, seed,
         tokens_in, tokens_out, cost, products_in_call, latency_ms, explanation)
       SELECT $1, g.query_key, g.product_id, $2, $3, $4, $5, $6, $7, g.tokens_in, g.tokens_out, g.cost, g.in_call, g.latency_ms, g.explanation
       FROM unnest($8::text[], $9::text[], $10::int[], $11::int[], $12::numeric[], $13::int[], $14::int[], $15::text[])
         AS g (query_key, product_id, tokens_in, tokens_out, cost, in_call, latency_ms, explanation)
       ON CONFLICT (golden_set_id, query_key, product_id, rater_id) DO UPDATE SET job_id = EXCLUDED.job_id, model = EXCLUDED.model,
         prompt_template_sha256 = EXCLUDED.prompt_template_sha256, temperature = EXCLUDED.temperature, seed = EXCLUDED.seed,
         tokens_in = EXCLUDED.tokens_in, tokens_out = EXCLUDED.tokens_out, cost = EXCLUDED.cost, products_in_call = EXCLUDED.products_in_call,
         latency_ms = EXCLUDED.latency_ms, explanation = EXCLUDED.explanation, judged_at = now()`,
      [
        setId,
        raterId,
        jobId,
        judge.model,
        grades[0].answer.prompt_template_sha256,
        judge.temperature,
        judge.seed,
        grades.map((g) => queryKey(g.query)),
        grades.map((g) => g.product_id),
        grades.map((g) => g.answer.usage?.prompt_tokens ?? null),
        grades.map((g) => g.answer.usage?.completion_tokens ?? null),
        grades.map((g) => g.answer.cost),
        grades.map((g) => g.in_call),
        grades.map((g) => g.answer.latency_ms),
        grades.map((g) => g.explanation),
      ],
    );
  }
  if (failures.length > 0) {
    await tx.query(
      `INSERT INTO judge_job_failures (job_id, query, product_id, error, raw_answer)
       SELECT $1, f.query, f.product_id, f.error, f.raw FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS f (query, product_id, error, raw)`,
      [jobId, failures.map((f) => f.query), failures.map((f) => f.product_id), failures.map((f) => f.error), failures.map((f) => f.raw)],
    );
  }
  const positions = calls.flat().map((pair) => pair.position);
  await tx.query('UPDATE judge_job_pairs SET done = true WHERE job_id = $1 AND position = ANY($2::int[])', [jobId, positions]);
  const sum = (pick: (answer: JudgeAnswer) => number) => answers.reduce((total, answer) => total + pick(answer), 0);
  await tx.query(
    `UPDATE judge_jobs SET done = done + $2, failed = failed + $3, tokens_in = tokens_in + $4, tokens_out = tokens_out + $5, cost = cost + $6,
       status = CASE WHEN EXISTS (SELECT 1 FROM judge_job_pairs WHERE job_id = $1 AND NOT done) THEN status ELSE 'succeeded' END,
       finished_at = CASE WHEN EXISTS (SELECT 1 FROM judge_job_pairs WHERE job_id = $1 AND NOT done) THEN NULL ELSE now() END
     WHERE id = $1`,
    [
      jobId,
      positions.length,
      failures.length,
      sum((answer) => answer.usage?.prompt_tokens ?? 0),
      sum((answer) => answer.usage?.completion_tokens ?? 0),
      roundCost(sum((answer) => answer.cost ?? 0)),
    ],
  );
  return true;
}

async function failJob(db: Queryable, jobId: number, error: string): Promise<void> {
  await db.query(
    `UPDATE judge_jobs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status IN ('queued', 'running')`,
    [jobId, error],
  );
}

/** After a slice's `tries`-th failure in a row: fails the job at the limit. True when it is no longer to be retried. */
export async function afterJudgeSliceFailure(db: Database, jobId: number, tries: number, error: unknown): Promise<boolean> {
  if (tries < JUDGE_SLICE_TRIES) return false;
  const reason = error instanceof Error ? error.message : String(error);
  await failJob(db, jobId, `The job stopped: its work failed ${tries} times in a row. The last error: ${reason}`);
  return true;
}
