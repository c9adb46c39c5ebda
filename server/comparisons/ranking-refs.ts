/**
 * Either side of a comparison is a run or an evaluation: `run:ID` or a bare id for a run, `evaluation:ID` for an
 * evaluation, which is compared through the run that holds its scores. Answers the run ids; 404 names what is missing.
 */
import type { Queryable } from '../db/database';
import { notFound } from '../errors';

export async function rankingRun(db: Queryable, ref: string): Promise<number> {
  const [kind, id] = ref.includes(':') ? ref.split(':') : ['run', ref];
  if (kind === 'run') return Number(id);
  const { rows } = await db.query<{ run_id: number }>('SELECT run_id FROM evaluations WHERE id = $1', [id]);
  if (rows.length === 0) throw notFound('Evaluation', id);
  return Number(rows[0].run_id);
}
