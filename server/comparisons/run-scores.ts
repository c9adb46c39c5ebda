/**
 * A run's counted results (scored, each query once) with their metrics, as a comparison reads them.
 *
 * The rows come as one text, a line each (`id`, the metrics, the query key as JSON), built by the database and
 * split here: a run of 100,000 results arrives in a fifth of the time its rows take, on the embedded database
 * most. When a run ends its text is kept (run_score_lines), so comparing two big runs reads two rows instead
 * of every result with its ranking; a run that ended before that is read from its results once and kept then.
 */
import type { Queryable } from '../db/database';
import { queryKey } from '../evaluation/query-key';
import { isQualityMetric } from '../schemas/metric-names';
import { RUN_METRIC_NAMES } from './compared-runs';
import type { RunScores } from './paired-queries';

/**
 * The lines of run $1 with the metrics named from $2 on. A metric that is not a number comes empty. Results
 * stored before query keys were kept send their input (marked `i`) for the key to be made from, as the
 * worker makes it.
 */
function linesQuery(metrics: string[]): string {
  const fields = metrics.map((_, m) => `CASE WHEN jsonb_typeof(scores->$${m + 2}) = 'number' THEN scores->>$${m + 2} ELSE '' END`);
  return `SELECT string_agg(concat_ws(E'\\t', id, ${fields.join(', ')},
       CASE WHEN query_key IS NULL THEN 'i' || to_json(coalesce(input, ''))::text ELSE to_json(query_key)::text END), E'\\n' ORDER BY id) AS lines
     FROM experiment_run_results WHERE run_id = $1 AND counted`;
}

/** Keeps the lines of every quality metric of an ended run ($1); answers what is kept. */
function keepQuery(metrics: string[]): string {
  return `INSERT INTO run_score_lines (run_id, metrics, lines)
     SELECT $1, $${metrics.length + 2}::text[], coalesce(x.lines, '') FROM (${linesQuery(metrics)}) x
     ON CONFLICT (run_id) DO UPDATE SET metrics = EXCLUDED.metrics, lines = EXCLUDED.lines
     RETURNING metrics, lines`;
}

interface KeptLines {
  metrics: string[];
  lines: string;
}

async function runMetrics(db: Queryable, runId: number): Promise<string[]> {
  const { rows } = await db.query<{ names: string[] }>(`SELECT ${RUN_METRIC_NAMES} AS names FROM experiment_runs r WHERE r.id = $1`, [
    runId,
  ]);
  return (rows[0]?.names ?? []).filter(isQualityMetric).sort();
}

/** Keeps an ended run's lines, for its comparisons to read at once (the run's worker calls this as the run ends); answers them. */
export async function keepScoreLines(db: Queryable, runId: number): Promise<KeptLines | undefined> {
  const metrics = await runMetrics(db, runId);
  if (metrics.length === 0) return undefined;
  const { rows } = await db.query<KeptLines>(keepQuery(metrics), [runId, ...metrics, metrics]);
  return rows[0];
}

/** The counted results of an ended run with `metrics`, from its kept lines (kept now if they were not). */
export async function runScores(db: Queryable, runId: number, metrics: string[]): Promise<RunScores> {
  const { rows } = await db.query<KeptLines>('SELECT metrics, lines FROM run_score_lines WHERE run_id = $1', [runId]);
  // Keeping is only a shortcut: a database that refuses the write (a full disk) still answers from the results.
  const kept = rows[0] ?? (await keepScoreLines(db, runId).catch(() => undefined));
  if (kept && metrics.every((name) => kept.metrics.includes(name))) {
    return parseLines(
      kept.lines,
      metrics.map((name) => kept.metrics.indexOf(name)),
      kept.metrics.length,
    );
  }
  // A metric the run's names do not list (one only some results have): read from the results.
  const live = await db.query<{ lines: string | null }>(linesQuery(metrics), [runId, ...metrics]);
  return parseLines(
    live.rows[0].lines ?? '',
    metrics.map((_, m) => m),
    metrics.length,
  );
}

/** The lines' results, each query once (the first by id), leaving out those without a number for a metric asked. */
function parseLines(lines: string, fields: number[], fieldCount: number): RunScores {
  const scores: RunScores = { ids: [], keys: [], columns: [] };
  const values: number[][] = fields.map(() => []);
  const seen = new Set<string>();
  if (lines === '') return { ...scores, columns: values.map(() => new Float64Array()) };
  // JSON escapes tabs and line breaks, so neither occurs inside the key's field.
  for (const line of lines.split('\n')) {
    const parts = line.split('\t');
    const last = parts[fieldCount + 1];
    const metricValues = fields.map((field) => parts[field + 1]);
    if (metricValues.some((value) => value === '')) continue;
    const key = last.startsWith('i') ? queryKey(JSON.parse(last.slice(1)) as string) : (JSON.parse(last) as string);
    if (seen.has(key)) continue;
    seen.add(key);
    scores.ids.push(Number(parts[0]));
    scores.keys.push(key);
    metricValues.forEach((value, m) => values[m].push(Number(value)));
  }
  scores.columns = values.map((column) => Float64Array.from(column));
  return scores;
}
