/**
 * A run's counted results (scored, each query once) with their metrics, and the rankings of every query it ranked,
 * judged or not, as a comparison reads them.
 *
 * The rows come as three texts built by the database: the lines (a line a result: `id`, the query key as JSON, how
 * many ids its ranking has), the metrics of every line as 8-byte floats, and the rankings, each result's top k product
 * ids in the lines' order, each id as its 53-bit hash (hashtextextended) in 8 bytes, so two runs' rankings compare as
 * numbers without making millions of strings; two different ids of one pair of rankings share a hash with odds of about
 * 1 in 10^13. The floats and the hashes travel in base64: the embedded database hands a bytea over about ten times
 * slower than text of the same size. A run of 100,000 results arrives in a fraction of the time its rows take.
 * The counted results come first, then those the golden set judged nothing for
 * (UNJUDGED, their metrics NaN): they have no scores to compare but their rankings still pair for the
 * overlap measures. When a run ends its texts are kept (run_score_lines), so comparing two big runs reads one row a run
 * instead of every result with its ranking; a run that ended before that, or whose lines were kept in an earlier
 * format, is read from its results once and kept then.
 */
import type { Queryable } from '../db/database';
import { queryKey } from '../evaluation/query-key';
import { isQualityMetric } from '../schemas/metric-names';
import { RUN_K, RUN_METRIC_NAMES } from './compared-runs';
import type { RunScores } from './paired-queries';

/**
 * The kept lines' format: 2 added each result's ranking and the unjudged results to the first; 3 moved the metrics
 * out of the lines, as floats.
 */
export const SCORE_LINES_FORMAT = 3;

/**
 * The lines of run $1 with the metrics named from $2 on as floats, and their rankings cut at the k given after them.
 * A metric that is not a number is NaN, and so are all of an unjudged result's. Results stored before query keys were
 * kept send their input (marked `i`) for the key to be made from, as the worker makes it. A line ends with how many
 * ids its ranking has; the metrics and the rankings come apart, in the lines' order. A search that failed (ERROR) is
 * left out.
 */
function linesQuery(metrics: string[]): string {
  const floats = metrics.map(
    (_, m) =>
      `float8send(CASE WHEN counted AND jsonb_typeof(scores->$${m + 2}) = 'number' THEN (scores->>$${m + 2})::float8 ELSE 'NaN' END)`,
  );
  const last = `jsonb_build_object('last', $${metrics.length + 2}::int - 1)`;
  const order = 'ORDER BY counted DESC, id';
  return `SELECT string_agg(concat_ws(E'\\t', id,
       CASE WHEN query_key IS NULL THEN 'i' || to_json(coalesce(input, ''))::text ELSE to_json(query_key)::text END, h.n),
       E'\\n' ${order}) AS lines,
       encode(string_agg(${floats.length > 0 ? floats.join(' || ') : "''::bytea"}, ''::bytea ${order}), 'base64') AS scores,
       encode(string_agg(h.ids, ''::bytea ${order}), 'base64') AS rankings
     FROM experiment_run_results
       CROSS JOIN LATERAL (
         SELECT count(*) AS n, string_agg(float8send((hashtextextended(x.id, 0) >> 11)::float8), ''::bytea ORDER BY x.rank) AS ids
         FROM jsonb_array_elements_text(jsonb_path_query_array(result, '$.results.search_results[0 to $last].product_id', ${last}))
           WITH ORDINALITY AS x (id, rank)
         WHERE x.id IS NOT NULL) AS h
     WHERE run_id = $1 AND (counted OR status = 'UNJUDGED')`;
}

/** Keeps the lines of every quality metric of an ended run ($1); with `answer`, answers what is kept. */
function keepQuery(metrics: string[], answer: boolean): string {
  return `INSERT INTO run_score_lines (run_id, metrics, lines, scores, rankings, format)
     SELECT $1, $${metrics.length + 3}::text[], coalesce(x.lines, ''), coalesce(x.scores, ''), coalesce(x.rankings, ''),
       ${SCORE_LINES_FORMAT}
     FROM (${linesQuery(metrics)}) x
     ON CONFLICT (run_id) DO UPDATE SET metrics = EXCLUDED.metrics, lines = EXCLUDED.lines, scores = EXCLUDED.scores,
       rankings = EXCLUDED.rankings, format = EXCLUDED.format
     ${answer ? 'RETURNING metrics, lines, scores, rankings, format' : ''}`;
}

interface KeptLines {
  metrics: string[];
  lines: string;
  /** Every line's metrics, as 8-byte floats in base64. */
  scores: string;
  /** Read apart, when first asked for (a verdict never asks), unless the lines were kept just now. */
  rankings?: string | null;
  format: number;
}

async function runMetrics(db: Queryable, runId: number): Promise<{ metrics: string[]; k: number }> {
  const { rows } = await db.query<{ names: string[]; k: number }>(
    `SELECT ${RUN_METRIC_NAMES} AS names, ${RUN_K} AS k FROM experiment_runs r WHERE r.id = $1`,
    [runId],
  );
  return { metrics: (rows[0]?.names ?? []).filter(isQualityMetric).sort(), k: rows[0]?.k ?? 10 };
}

/** Keeps an ended run's lines, for its comparisons to read at once (the run's worker calls this as the run ends). */
export async function keepScoreLines(db: Queryable, runId: number): Promise<void> {
  await keep(db, runId, false);
}

/**
 * Keeps a run's lines; with `answer`, answers them too. A run's end does not: handing 30 MB of text back for
 * nothing took the embedded database a few hundred ms.
 */
async function keep(db: Queryable, runId: number, answer: boolean): Promise<KeptLines | undefined> {
  const { metrics, k } = await runMetrics(db, runId);
  if (metrics.length === 0) return undefined;
  const { rows } = await db.query<KeptLines>(keepQuery(metrics, answer), [runId, ...metrics, k, metrics]);
  return rows[0];
}

/** The counted results of an ended run with `metrics` and every ranked query's ranking, from its kept lines (kept now if they were not). */
export async function runScores(db: Queryable, runId: number, metrics: string[]): Promise<RunScores> {
  const { rows } = await db.query<KeptLines>('SELECT metrics, lines, scores, format FROM run_score_lines WHERE run_id = $1', [runId]);
  // Keeping is only a shortcut: a database that refuses the write (a full disk) still answers from the results.
  const kept = rows[0]?.format === SCORE_LINES_FORMAT ? rows[0] : await keep(db, runId, true).catch(() => undefined);
  if (kept && metrics.every((name) => kept.metrics.includes(name))) {
    const readRankings = async () => {
      if (kept.rankings !== undefined) return kept.rankings;
      const { rows } = await db.query<{ rankings: string | null }>('SELECT rankings FROM run_score_lines WHERE run_id = $1', [runId]);
      return rows[0]?.rankings ?? null;
    };
    return parseLines(
      kept.lines,
      kept.scores,
      readRankings,
      metrics.map((name) => kept.metrics.indexOf(name)),
      kept.metrics.length,
    );
  }
  // A metric the run's names do not list (one only some results have): read from the results.
  const { k } = await runMetrics(db, runId);
  const live = await db.query<{ lines: string | null; scores: string | null; rankings: string | null }>(linesQuery(metrics), [
    runId,
    ...metrics,
    k,
  ]);
  return parseLines(
    live.rows[0].lines ?? '',
    live.rows[0].scores ?? '',
    async () => live.rows[0].rankings,
    metrics.map((_, m) => m),
    metrics.length,
  );
}

/**
 * The lines' results, each query once (the first line of its key: a counted result before an unjudged one), those
 * with a number for every metric asked first, then the others, which pair only for the overlap measures. `fields`: the
 * place of each metric asked among the `fieldCount` floats of a line.
 */
function parseLines(
  lines: string,
  scores: string,
  readRankings: () => Promise<string | null>,
  fields: number[],
  fieldCount: number,
): RunScores {
  const floats = bigEndianFloats(scores);
  const values: number[][] = fields.map(() => []);
  const group = () => ({ ids: [] as number[], keys: [] as string[], starts: [] as number[], lengths: [] as number[] });
  const [scored, others] = [group(), group()];
  const seen = new Set<string>();
  let start = 0;
  let lineStart = 0;
  // Read with indexOf rather than split: a run's lines are 100,000 arrays fewer. JSON escapes tabs and line breaks,
  // so neither occurs inside the key's field.
  for (let line = 0; lineStart < lines.length; line++) {
    let lineEnd = lines.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = lines.length;
    const idEnd = lines.indexOf('\t', lineStart);
    const keyEnd = lines.indexOf('\t', idEnd + 1);
    const length = Number(lines.slice(keyEnd + 1, lineEnd));
    const id = Number(lines.slice(lineStart, idEnd));
    const key = queryKeyOf(lines.slice(idEnd + 1, keyEnd));
    lineStart = lineEnd + 1;
    start += length;
    if (seen.has(key)) continue;
    seen.add(key);
    let isScored = true;
    for (const f of fields) if (Number.isNaN(floats(line * fieldCount + f))) isScored = false;
    const to = isScored ? scored : others;
    to.ids.push(id);
    to.keys.push(key);
    to.starts.push(start - length);
    to.lengths.push(length);
    if (isScored) for (let m = 0; m < fields.length; m++) values[m].push(floats(line * fieldCount + fields[m]));
  }
  const count = start;
  return {
    ids: scored.ids.concat(others.ids),
    keys: scored.keys.concat(others.keys),
    scored: scored.ids.length,
    columns: values.map((column) => Float64Array.from(column)),
    rankings: {
      ids: lazily(async () => rankingIds(await readRankings(), count)),
      starts: Int32Array.from(scored.starts.concat(others.starts)),
      lengths: Int32Array.from(scored.lengths.concat(others.lengths)),
    },
  };
}

/** The n-th of the 8-byte big-endian floats that float8send wrote, from their base64 (line breaks and all); NaN past the end. */
function bigEndianFloats(base64: string): (n: number) => number {
  const bytes = Buffer.from(base64, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = Math.floor(bytes.length / 8);
  return (n) => (n < count ? view.getFloat64(n * 8) : NaN);
}

/** A line's query key: JSON text, parsed only when it escapes something; `i` before it marks an input to make the key from. */
function queryKeyOf(field: string): string {
  if (field.startsWith('i')) return queryKey(JSON.parse(field.slice(1)) as string);
  return field.includes('\\') ? (JSON.parse(field) as string) : field.slice(1, -1);
}

/** What `compute` answers, computed on the first call; a failure is not kept, so the next call tries again. */
function lazily<T>(compute: () => Promise<T>): () => Promise<T> {
  let computed: Promise<T> | undefined;
  return () => {
    if (computed) return computed;
    computed = compute();
    computed.catch(() => (computed = undefined));
    return computed;
  };
}

/** The rankings' ids: 8-byte big-endian floats, as float8send writes them, in base64 (with line breaks). */
function rankingIds(base64: string | null, count: number): Float64Array {
  const ids = new Float64Array(count);
  const bytes = Buffer.from(base64 ?? '', 'base64');
  if (bytes.length < count * 8) return ids.fill(NaN);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let n = 0; n < count; n++) ids[n] = view.getFloat64(n * 8);
  return ids;
}
