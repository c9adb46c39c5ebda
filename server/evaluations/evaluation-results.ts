/**
 * An evaluation's results and exports are its run's: read by the runs' code (result-list.ts, run-exports.ts)
 * once the evaluation's run is known. Its list filters on the completion status, which is what tells an
 * uploaded ranking's queries apart (every query of a file is scored, or unjudged by the golden set).
 */
import type { ListTotal } from '../db/capped-matches';
import type { Queryable } from '../db/database';
import { notFound } from '../errors';
import { resultPage } from '../runs/result-list';
import type { EvaluationResultListQuery, ExperimentRunResult } from '../schemas/results';

/** The evaluation's run and name; 404 when there is no such evaluation. */
export async function evaluationRun(db: Queryable, id: number): Promise<{ run_id: number; name: string }> {
  const { rows } = await db.query<{ run_id: number; name: string }>('SELECT run_id, name FROM evaluations WHERE id = $1', [id]);
  if (rows.length === 0) throw notFound('Evaluation', id);
  return { run_id: Number(rows[0].run_id), name: rows[0].name };
}

/** One page of the evaluation's results, as its run's list answers it, `status` being the completion status. */
export async function evaluationResultPage(
  db: Queryable,
  id: number,
  { status, ...query }: EvaluationResultListQuery,
  window: number[],
): Promise<{ results: ExperimentRunResult[] } & ListTotal> {
  const { run_id } = await evaluationRun(db, id);
  return resultPage(db, run_id, { ...query, completion: status }, window);
}
