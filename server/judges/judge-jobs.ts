/**
 * Judge jobs: started (its pairs fixed, its estimate made, queued and audited in one transaction), read with
 * its progress, totals and failures, and cancelled.
 */
import type { Database, Queryable } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { counted, quoted, type AuditActor } from '../audit/audit-summaries';
import { requireRow } from '../db/require-row';
import { HttpError, notFound } from '../errors';
import type { JudgeJob, JudgeJobEstimate, JudgeJobFailure, NewJudgeJob } from '../schemas/judge-jobs';
import { callsOf, jobEstimate } from './job-calls';
import { judgedProducts, fillJobPairs, pendingPairs, setScale } from './judge-job-pairs';
import { judgePrompt } from './judge-prompt';
import type { JudgeJobQueue } from './judge-job-queue';
import type { StoredModelJudge } from './model-judge-records';

/** Prompts rendered to estimate a job's size: enough to average over products of different lengths. */
const SAMPLE_CALLS = 20;
/** Failures a job's answer lists: the first ones show what goes wrong; the count says how many. */
const FAILURES_SHOWN = 200;

const JOB_COLUMNS = `id, judge_id, judge_name, golden_set_id, run_id, scope, status, done, total, failed, tokens_in, tokens_out,
  cost, estimate, error, created_by, created_at, started_at, finished_at`;

/** The estimate from prompts rendered for the job's first pairs. */
async function estimate(tx: Queryable, jobId: number, total: number, judge: StoredModelJudge, setId: number): Promise<JudgeJobEstimate> {
  const calls = callsOf(await pendingPairs(tx, jobId, SAMPLE_CALLS * judge.products_per_call), judge.products_per_call).slice(
    0,
    SAMPLE_CALLS,
  );
  const scale = await setScale(tx, setId);
  const products = await judgedProducts(
    tx,
    calls.flatMap((call) => call.map((pair) => pair.product_id)),
  );
  const sample = calls.map((call) => ({
    pairs: call.length,
    prompt: judgePrompt({
      template: judge.prompt_template,
      guidelines: judge.guidelines,
      productFields: judge.product_fields,
      scale,
      query: call[0].query,
      products: call.map((pair) => products.get(pair.product_id)!),
    }),
  }));
  return jobEstimate(total, sample, judge);
}

/** Carries a preview's estimate out of the transaction it rolls back. */
class Previewed extends Error {
  constructor(readonly estimate: JudgeJobEstimate) {
    super('previewed');
  }
}

/** The estimate of the job the request would start, from the same pairs and prompts; nothing is written. */
export async function previewJudgeJob(db: Database, judgeId: number, input: NewJudgeJob, actor: AuditActor): Promise<JudgeJobEstimate> {
  try {
    await startJudgeJob(db, null, judgeId, input, actor);
  } catch (error) {
    if (error instanceof Previewed) return error.estimate;
    throw error;
  }
  throw new Error('a preview must not start a job');
}

/** Starts the job; with no queue (a preview), rolls it back once its estimate is made. */
export async function startJudgeJob(
  db: Database,
  queue: JudgeJobQueue | null,
  judgeId: number,
  input: NewJudgeJob,
  actor: AuditActor,
): Promise<{ id: number; estimate: JudgeJobEstimate }> {
  const started = await db.transaction(async (tx) => {
    const judges = await tx.query<StoredModelJudge>('SELECT * FROM model_judges WHERE id = $1 FOR KEY SHARE', [judgeId]);
    if (judges.rows.length === 0) throw notFound('Model judge', judgeId);
    const judge = judges.rows[0];
    await requireRow(tx, 'golden_sets', input.golden_set_id, { field: 'body.golden_set_id', lock: 'FOR KEY SHARE' });
    const created = await tx.query<{ id: number }>(
      `INSERT INTO judge_jobs (judge_id, judge_name, golden_set_id, run_id, scope, total, estimate, created_by)
       VALUES ($1, $2, $3, $4, $5, 0, '{}'::jsonb, $6) RETURNING id`,
      [judgeId, judge.name, input.golden_set_id, input.run_id ?? null, input.scope, actor.name],
    );
    const id = Number(created.rows[0].id);
    const total = await fillJobPairs(tx, id, input);
    const made = await estimate(tx, id, total, judge, input.golden_set_id);
    if (queue === null) throw new Previewed(made);
    // Nothing to judge: the job is done as it starts (the answer says 0 pairs).
    await tx.query(
      `UPDATE judge_jobs SET total = $2, estimate = $3::jsonb,
         status = CASE WHEN $2 = 0 THEN 'succeeded' ELSE status END, finished_at = CASE WHEN $2 = 0 THEN now() END
       WHERE id = $1`,
      [id, total, JSON.stringify(made)],
    );
    await recordAudit(tx, actor, {
      action: 'model_judge.job',
      target_type: 'model_judge',
      target_id: judgeId,
      summary: `${quoted(judge.name)} · golden set ${input.golden_set_id}${input.run_id === undefined ? '' : ` · run ${input.run_id}`} · ${input.scope} · ${counted(total, 'pair', 'pairs')}`,
    });
    if (total > 0) await queue.enqueue(tx, id);
    return { id, estimate: made };
  });
  queue?.committed(started.id);
  return started;
}

export async function judgeJob(db: Queryable, id: number): Promise<JudgeJob> {
  const { rows } = await db.query<Omit<JudgeJob, 'failures'>>(`SELECT ${JOB_COLUMNS} FROM judge_jobs WHERE id = $1`, [id]);
  if (rows.length === 0) throw notFound('Judge job', id);
  const failures = await db.query<JudgeJobFailure>(
    `SELECT query, product_id, error, raw_answer, at FROM judge_job_failures WHERE job_id = $1 ORDER BY id LIMIT $2`,
    [id, FAILURES_SHOWN],
  );
  return { ...rows[0], failures: failures.rows };
}

/** Stops a queued or running job (the batch under way is not stored), audited. 409 when it has ended. */
export async function cancelJudgeJob(db: Database, id: number, actor: AuditActor): Promise<JudgeJob> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string; judge_id: number | null; judge_name: string }>(
      'SELECT status, judge_id, judge_name FROM judge_jobs WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (rows.length === 0) throw notFound('Judge job', id);
    const [job] = rows;
    if (job.status !== 'queued' && job.status !== 'running') throw new HttpError(409, `Judge job ${id} has already ended (${job.status})`);
    await tx.query(`UPDATE judge_jobs SET status = 'cancelled', finished_at = now() WHERE id = $1`, [id]);
    await recordAudit(tx, actor, {
      action: 'model_judge.job_cancel',
      target_type: 'model_judge',
      target_id: job.judge_id,
      summary: `${quoted(job.judge_name)} · job ${id}`,
    });
  });
  return judgeJob(db, id);
}
