/**
 * Means by segment: a run's results grouped by one metadata value of their entries, each group summed
 * in SQL (one row per value, not per result) and summarised as the run's own summary is (run-tally.ts):
 * the same counts and the same means, each metric's sum over the counted queries divided by their number.
 */
import type { Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import { HttpError } from '../errors';
import { studentTQuantile } from '../evaluation/paired-stats';
import { mainMetric } from '../comparisons/compared-runs';
import { summaryOf } from '../runs/run-tally';
import { FEW_QUERIES, MAX_SEGMENT_VALUES, type SegmentMeans, type SegmentMeansQuery, type SegmentSummary } from '../schemas/segments';

interface GroupRow {
  value: string | null;
  results: number;
  passed: number;
  failed: number;
  unjudged: number;
  errors: number;
  counted: number;
  /** The main metric's sample standard deviation over the counted queries. */
  deviation: number | null;
  [sum: `s${number}`]: number | null;
}

/** 404 when there is no such run; 400 naming the key or metric when the run cannot be segmented by them. */
export async function segmentMeans(db: Queryable, runId: number, query: SegmentMeansQuery): Promise<SegmentMeans> {
  await requireRow(db, 'experiment_runs', runId);
  const names = await runMetricNames(db, runId);
  const metric = query.metric ?? mainMetric(names) ?? null;
  if (metric !== null && !names.includes(metric)) {
    throw new HttpError(400, `querystring.metric must be one of run ${runId}'s metrics (${names.join(', ')}), got "${metric}"`);
  }
  // Each counted result's scores read once into typed columns (jsonb_to_record): reading each metric apart
  // (scores->>name) was most of the time of a 100,000-result run. Column names are the run's own metric
  // names, which are [a-z0-9_@] only (runMetricNames), so quoting them is enough.
  const columns = names.map((name, i) => ({ name, alias: `s${i}`, column: `"${name}"` }));
  const record = columns.length === 0 ? '' : columns.map(({ column }) => `${column} float8`).join(', ');
  const sums = columns.map(({ column, alias }) => `, sum(m.${column}) AS ${alias}`).join('');
  const deviation = metric === null ? 'NULL::float8' : `stddev_samp(coalesce(m."${metric}", 0)) FILTER (WHERE r.counted)`;
  const { rows } = await db.query<GroupRow>(
    `SELECT e.input_metadata->>$2 AS value, count(*)::int AS results,
       count(*) FILTER (WHERE r.status = 'PASS')::int AS passed, count(*) FILTER (WHERE r.status = 'FAIL')::int AS failed,
       count(*) FILTER (WHERE r.status = 'UNJUDGED')::int AS unjudged, count(*) FILTER (WHERE r.status = 'ERROR')::int AS errors,
       count(*) FILTER (WHERE r.counted)::int AS counted, ${deviation} AS deviation${sums}
     FROM experiment_run_results r LEFT JOIN dataset_entries e ON e.id = r.entry_id
       ${record === '' ? '' : `LEFT JOIN LATERAL jsonb_to_record(CASE WHEN r.counted AND jsonb_typeof(r.scores) = 'object' THEN r.scores END) AS m (${record}) ON true`}
     WHERE r.run_id = $1 GROUP BY 1`,
    [runId, query.key],
  );
  const groups = rows.filter((row) => row.value !== null);
  if (groups.length === 0)
    throw new HttpError(400, `querystring.key: no entry of run ${runId}'s results has the metadata key "${query.key}"`);
  if (groups.length > MAX_SEGMENT_VALUES) {
    throw new HttpError(
      400,
      `querystring.key "${query.key}" takes ${groups.length} values in run ${runId}, more than ${MAX_SEGMENT_VALUES}: choose a key that groups queries`,
    );
  }
  const segments = groups.map((row) => segmentSummary(row, names, metric));
  return {
    key: query.key,
    metric,
    few_queries: FEW_QUERIES,
    segments: segments.sort(worstFirst(metric)),
    without_value: rows.find((row) => row.value === null)?.results ?? 0,
  };
}

function segmentSummary(row: GroupRow, names: string[], metric: string | null): SegmentSummary {
  const { value, deviation, results, passed, failed, unjudged, errors, counted } = row;
  // Only metrics some counted query of the segment has, as the run's tally only sums metrics it saw.
  const metricSums = Object.fromEntries(names.flatMap((name, i) => (row[`s${i}`] === null ? [] : [[name, Number(row[`s${i}`])]])));
  const summary = summaryOf({ results, passed, failed, unjudged, errors, counted, metric_sums: metricSums });
  const mean = metric === null ? undefined : summary.mean_metrics[metric];
  return { value: value!, ...summary, ci95: interval(mean, deviation, counted), few: counted < FEW_QUERIES };
}

/** The mean ± t(0.975, n − 1) · s / √n; null under two queries. */
function interval(mean: number | undefined, deviation: number | null, n: number): [number, number] | null {
  if (mean === undefined || deviation === null || n < 2) return null;
  const margin = (studentTQuantile(0.975, n - 1) * Number(deviation)) / Math.sqrt(n);
  return [mean - margin, mean + margin];
}

/** Lowest mean of the metric first; segments without it (nothing scored) last; then by value. */
function worstFirst(metric: string | null) {
  return (a: SegmentSummary, b: SegmentSummary) => {
    const [x, y] = [a.mean_metrics[metric ?? ''], b.mean_metrics[metric ?? '']];
    if (x !== undefined && y !== undefined && x !== y) return x - y;
    if ((x === undefined) !== (y === undefined)) return x === undefined ? 1 : -1;
    return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
  };
}

/** The metrics the run's summary has means of (names as metrics are named; the tally holds no other). */
async function runMetricNames(db: Queryable, runId: number): Promise<string[]> {
  const { rows } = await db.query<{ names: string[] }>(
    'SELECT ARRAY(SELECT jsonb_object_keys(metric_sums) ORDER BY 1) AS names FROM experiment_runs WHERE id = $1',
    [runId],
  );
  return (rows[0]?.names ?? []).filter((name) => METRIC_NAME.test(name));
}

const METRIC_NAME = /^[a-z0-9_@]+$/;
