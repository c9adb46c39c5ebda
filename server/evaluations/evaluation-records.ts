/** Evaluations as the API shows them: each with its run's status and progress, its golden set's and dataset's names. */
import type { Database, Queryable } from '../db/database';
import { listPage } from '../db/list-page';
import { recordAudit } from '../audit/audit-trail';
import { quoted, type AuditActor } from '../audit/audit-summaries';
import { notFound } from '../errors';
import { runSummary } from '../runs/run-tally';
import type { Evaluation, EvaluationDetails } from '../schemas/evaluations';

const COLUMNS = `v.id, v.name, r.status, r.error, v.run_id, v.golden_set_id, g.name AS golden_set_name, v.dataset_id, d.name AS dataset_name,
  (r.config->>'k')::int AS k, r.config->>'gain' AS gain, (r.config->>'relevant_from')::int AS relevant_from, v.format, v.file_name,
  json_build_object('done', r.progress_done, 'total', r.progress_total) AS progress, v.created_by, v.created_at, r.finished_at`;
const FROM = `evaluations v JOIN experiment_runs r ON r.id = v.run_id
  LEFT JOIN golden_sets g ON g.id = v.golden_set_id LEFT JOIN datasets d ON d.id = v.dataset_id`;

const withNumbers = (row: Evaluation): Evaluation => ({ ...row, id: Number(row.id), run_id: Number(row.run_id) });

/** A page of the evaluations, newest first, and how many there are (one a file uploaded: never millions). */
export async function evaluationPage(db: Queryable, window: number[]): Promise<{ count: number; results: Evaluation[] }> {
  const { rows, total } = await listPage<Evaluation>(
    db,
    { columns: COLUMNS, from: FROM, countFrom: 'evaluations', orderBy: 'v.created_at DESC, v.id DESC', params: [] },
    window,
  );
  return { count: total, results: rows.map(withNumbers) };
}

/** One evaluation with its means, as a run's summary: 404 when there is no such evaluation. */
export async function evaluationDetails(db: Queryable, id: number): Promise<EvaluationDetails> {
  const { rows } = await db.query<Evaluation>(`SELECT ${COLUMNS} FROM ${FROM} WHERE v.id = $1`, [id]);
  if (rows.length === 0) throw notFound('Evaluation', id);
  const evaluation = withNumbers(rows[0]);
  return { ...evaluation, summary: (await runSummary(db, evaluation.run_id)) ?? undefined };
}

/** Deletes the evaluation with its run (its results, rankings and kept scores go with the run). */
export async function deleteEvaluation(db: Database, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string; run_id: number }>('SELECT name, run_id FROM evaluations WHERE id = $1 FOR UPDATE', [
      id,
    ]);
    if (rows.length === 0) throw notFound('Evaluation', id);
    // A scoring under way stops: its worker finds the run gone.
    await tx.query('DELETE FROM experiment_runs WHERE id = $1', [rows[0].run_id]);
    await recordAudit(tx, actor, { action: 'evaluation.delete', target_type: 'evaluation', target_id: id, summary: quoted(rows[0].name) });
  });
}
