/**
 * The two runs of a comparison, checked: both exist, both have finished, they can pair their queries
 * (the same dataset or the same golden set) and they share at least one metric.
 */
import type { Queryable } from '../db/database';
import { HttpError, notFound } from '../errors';
import type { ComparedRun } from '../schemas/comparisons';
import { isQualityMetric, QUALITY_MEASURES, type QualityMeasure } from '../schemas/metric-names';

export interface ComparedRunRow extends ComparedRun {
  metric_names: string[];
  updated_at: Date | string;
  /** How deep its rankings go: the k its results were searched and scored at. */
  k: number;
}

export const ACTIVE_STATUSES = ['pending', 'running'];

/** The columns of ComparedRun, from experiment_runs r joined to experiments e. */
export const COMPARED_RUN_COLUMNS = `r.id, r.experiment_id, r.number, e.name AS experiment_name, r.status, r.tags, r.created_at,
  r.evaluation_script_name, e.dataset_id,
  CASE WHEN jsonb_typeof(r.config->'golden_set_id') = 'number' THEN (r.config->>'golden_set_id')::numeric::bigint END AS golden_set_id`;

/** A run's k (its config's, the default 10 without one), as an SQL expression over experiment_runs r. */
export const RUN_K = `CASE WHEN jsonb_typeof(r.config->'k') = 'number' THEN (r.config->>'k')::numeric::int ELSE 10 END`;

/** The metric names of run r: its means' names, or for a run without means its first scored result's. */
export const RUN_METRIC_NAMES = `CASE WHEN r.metric_sums <> '{}'::jsonb THEN ARRAY(SELECT jsonb_object_keys(r.metric_sums))
  -- Every key of one result's scores: a LIMIT beside jsonb_object_keys would keep only its first key.
  ELSE ARRAY(SELECT jsonb_object_keys(x.scores) FROM (SELECT scores FROM experiment_run_results
             WHERE run_id = r.id AND counted AND jsonb_typeof(scores) = 'object' LIMIT 1) x) END`;

export async function comparedRuns(db: Queryable, baselineId: number, candidateId: number) {
  if (baselineId === candidateId) {
    throw new HttpError(400, `querystring.candidate must be another run than the baseline, got ${candidateId} for both`);
  }
  const { rows } = await db.query<ComparedRunRow>(
    // An evaluation's run has no experiment: its evaluation names it, and gives its dataset if it has one.
    `SELECT ${COMPARED_RUN_COLUMNS.replace('e.dataset_id', 'coalesce(e.dataset_id, v.dataset_id) AS dataset_id')},
       CASE WHEN v.id IS NOT NULL THEN json_build_object('id', v.id, 'name', v.name) END AS evaluation,
       r.config, r.updated_at, ${RUN_METRIC_NAMES} AS metric_names, ${RUN_K} AS k
     FROM experiment_runs r LEFT JOIN experiments e ON e.id = r.experiment_id LEFT JOIN evaluations v ON v.run_id = r.id
     WHERE r.id = ANY($1::bigint[])`,
    [[baselineId, candidateId]],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const [baseline, candidate] = [baselineId, candidateId].map((id) => {
    const run = byId.get(id);
    if (!run) throw notFound('Experiment run', id);
    if (ACTIVE_STATUSES.includes(run.status)) throw new HttpError(409, `Run ${id} is ${run.status}: compare it once it has finished`);
    return run;
  });
  const sameDataset = baseline.dataset_id !== null && baseline.dataset_id === candidate.dataset_id;
  const sameGoldenSet = baseline.golden_set_id !== null && baseline.golden_set_id === candidate.golden_set_id;
  if (!sameDataset && !sameGoldenSet) {
    throw new HttpError(409, `Runs ${baselineId} and ${candidateId} share neither a dataset nor a golden set: their queries do not pair`);
  }
  const metrics = orderMetrics(baseline.metric_names.filter((name) => candidate.metric_names.includes(name) && isQualityMetric(name)));
  if (metrics.length === 0) throw new HttpError(409, `Runs ${baselineId} and ${candidateId} have no metric in common to compare`);
  return { baseline, candidate, metrics };
}

/** The API's view of a run: without the columns only the comparison needs. */
export function publicRun({ metric_names: _names, updated_at: _updated, k: _k, ...run }: ComparedRunRow): ComparedRun {
  return run;
}

/** A name's measure (ndcg@10_exp → ndcg); comparisons compare only the quality measures, not dcg, idcg or unjudged. */
const measureOf = (name: string) => name.split('@')[0] as QualityMeasure;

/** The metric a run is read by first: its first quality measure in QUALITY_MEASURES' order (nDCG when it has one). */
export const mainMetric = (names: string[]): string | undefined => orderMetrics(names.filter(isQualityMetric))[0];

/** In QUALITY_MEASURES' order (nDCG, P, R, F1, RR, AP); within one, by name (ndcg@10 before ndcg@10_exp). */
function orderMetrics(names: string[]): string[] {
  const rank = (name: string) => QUALITY_MEASURES.indexOf(measureOf(name));
  return [...names].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}
