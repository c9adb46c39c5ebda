/**
 * A comparison of two finished runs, computed once and kept: finished runs do not change, so paging,
 * filtering or choosing another metric of the same two runs reads the kept pairs and statistics. The
 * randomization tests are the costly part (sign-flips.ts); a few recent comparisons are kept in memory.
 */
import type { Queryable } from '../db/database';
import { queryKey } from '../evaluation/query-key';
import { startSignFlipWorkers } from '../evaluation/sign-flip-pool';
import type { MetricComparison } from '../schemas/comparisons';
import type { ComparedRunRow } from './compared-runs';
import { metricComparisons, pairQueries, type PairedQueries, type RunScores } from './paired-queries';

export interface RunComparisonData {
  paired: PairedQueries;
  metrics: MetricComparison[];
}

const KEPT = 3;

export type ComparisonCache = ReturnType<typeof createComparisonCache>;

/** The comparisons of the last KEPT pairs of runs asked for, most recent last. */
export function createComparisonCache(db: Queryable) {
  const kept = new Map<string, Promise<RunComparisonData>>();
  return (baseline: ComparedRunRow, candidate: ComparedRunRow, metrics: string[]): Promise<RunComparisonData> => {
    const stamp = (run: ComparedRunRow) => `${run.id}@${new Date(run.updated_at).getTime()}`;
    const key = `${stamp(baseline)}:${stamp(candidate)}:${metrics.join(',')}`;
    const found = kept.get(key);
    if (found) {
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const computed = compareRuns(db, baseline.id, candidate.id, metrics);
    kept.set(key, computed);
    // A failed computation is not kept: the next request tries again.
    computed.catch(() => kept.delete(key));
    while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return computed;
  };
}

async function compareRuns(db: Queryable, baselineId: number, candidateId: number, metrics: string[]): Promise<RunComparisonData> {
  startSignFlipWorkers(metrics.length);
  const [baseline, candidate] = await Promise.all([runScores(db, baselineId, metrics), runScores(db, candidateId, metrics)]);
  const paired = pairQueries(metrics, baseline, candidate);
  return { paired, metrics: await metricComparisons(paired) };
}

/**
 * A run's counted results (scored, each query once) with the given metrics. The rows come as one text, a
 * line each (`id`, the metrics, the key as JSON), built by the database and split here: a run of 100,000
 * results arrives in a fifth of the time its rows take, on the embedded database most. A metric that is not
 * a number comes empty, and its result is left out. Results stored before query keys were kept send their
 * input (marked `i`) for the key to be made from, as the worker makes it.
 */
async function runScores(db: Queryable, runId: number, metrics: string[]): Promise<RunScores> {
  const fields = metrics.map((_, m) => `CASE WHEN jsonb_typeof(scores->$${m + 2}) = 'number' THEN scores->>$${m + 2} ELSE '' END`);
  const { rows } = await db.query<{ lines: string | null }>(
    `SELECT string_agg(concat_ws(E'\\t', id, ${fields.join(', ')},
       CASE WHEN query_key IS NULL THEN 'i' || to_json(coalesce(input, ''))::text ELSE to_json(query_key)::text END), E'\\n' ORDER BY id) AS lines
     FROM experiment_run_results WHERE run_id = $1 AND counted`,
    [runId, ...metrics],
  );
  const scores: RunScores = { ids: [], keys: [], columns: [] };
  const values: number[][] = metrics.map(() => []);
  const seen = new Set<string>();
  // JSON escapes tabs and line breaks, so neither occurs inside the key's field.
  for (const line of rows[0].lines?.split('\n') ?? []) {
    const fieldsOf = line.split('\t');
    const last = fieldsOf[metrics.length + 1];
    const key = last.startsWith('i') ? queryKey(JSON.parse(last.slice(1)) as string) : (JSON.parse(last) as string);
    const metricValues = fieldsOf.slice(1, metrics.length + 1);
    if (seen.has(key) || metricValues.some((value) => value === '')) continue;
    seen.add(key);
    scores.ids.push(Number(fieldsOf[0]));
    scores.keys.push(key);
    metricValues.forEach((value, m) => values[m].push(Number(value)));
  }
  scores.columns = values.map((column) => Float64Array.from(column));
  return scores;
}

/** The query text of results, by id: only the rows a page or a download shows are read. */
export async function queryTexts(db: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; input: string | null }>(
    'SELECT id, input FROM experiment_run_results WHERE id = ANY($1::bigint[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.input ?? '']));
}
