/**
 * The two runs a verdict judges, each given as a run (its id), an evaluation (evaluation:ID) or as `latest:TAG`: the newest successful run of
 * the other run's experiment carrying that tag (so CI can judge each new run against, say, latest:main
 * without looking its id up). Only one side may be `latest:`: the other names the experiment.
 */
import type { Queryable } from '../db/database';
import { HttpError, notFound } from '../errors';
import { RANKING_REF } from '../schemas/comparisons';
import { rankingRun } from './ranking-refs';

/** A run or an evaluation (ranking-refs.ts), or the newest run with a tag. */
type RunRef = { ref: string } | { tag: string };

const REF = new RegExp(RANKING_REF);
const LATEST = 'latest:';

function parseRef(field: 'baseline' | 'candidate', text: string): RunRef {
  const trimmed = text.trim();
  if (REF.test(trimmed)) return { ref: trimmed };
  if (trimmed.startsWith(LATEST) && trimmed.length > LATEST.length) return { tag: trimmed.slice(LATEST.length).trim() };
  throw new HttpError(400, `querystring.${field} must be a run id, evaluation:ID or latest:TAG (e.g. latest:main), got "${text}"`);
}

/** The ids of the two runs; 400 for a malformed reference or two `latest:`, 404 for a missing run or tag. */
export async function resolveVerdictRuns(
  db: Queryable,
  baselineText: string,
  candidateText: string,
): Promise<{ baseline: number; candidate: number }> {
  const baseline = parseRef('baseline', baselineText);
  const candidate = parseRef('candidate', candidateText);
  if ('tag' in baseline) {
    if ('tag' in candidate) {
      throw new HttpError(400, 'querystring.baseline and querystring.candidate are both latest:TAG: give one of them as a run id');
    }
    const candidateId = await rankingRun(db, candidate.ref);
    return { baseline: await latestTagged(db, baseline.tag, candidateId), candidate: candidateId };
  }
  const baselineId = await rankingRun(db, baseline.ref);
  if ('tag' in candidate) return { baseline: baselineId, candidate: await latestTagged(db, candidate.tag, baselineId) };
  return { baseline: baselineId, candidate: await rankingRun(db, candidate.ref) };
}

/** The newest successful run with the tag in the experiment of run `otherId`, other than that run. */
async function latestTagged(db: Queryable, tag: string, otherId: number): Promise<number> {
  const other = await db.query<{ experiment_id: number; name: string }>(
    'SELECT r.experiment_id, e.name FROM experiment_runs r JOIN experiments e ON e.id = r.experiment_id WHERE r.id = $1',
    [otherId],
  );
  if (other.rows.length === 0) throw notFound('Experiment run', otherId);
  const { experiment_id, name } = other.rows[0];
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM experiment_runs WHERE experiment_id = $1 AND status = 'success' AND $2 = ANY(tags) AND id <> $3
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [experiment_id, tag, otherId],
  );
  if (rows.length === 0) {
    throw new HttpError(404, `No successful run of experiment "${name}" (${experiment_id}) other than run ${otherId} has the tag "${tag}"`);
  }
  return Number(rows[0].id);
}
