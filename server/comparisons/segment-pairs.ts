/**
 * A comparison cut to one segment: the pairs whose baseline result's entry has the value (a pair's
 * segment is the baseline's, as its row shows the baseline's query), the queries only one run scored by
 * their own entry, the queries both ranked (judged or not) by the baseline's. The statistics are the comparison's own (paired-queries.ts) over that subset, so a
 * segment's test is exactly the one the whole comparison runs, on fewer queries.
 */
import type { Queryable } from '../db/database';
import { metricComparisons, type PairedQueries } from './paired-queries';
import type { RunComparisonData } from './run-comparison';
import type { Segment } from '../db/segment-filter';

/** The segments of a kept comparison computed so far, by `key:value`: gone with the comparison. */
const kept = new WeakMap<RunComparisonData, Map<string, Promise<RunComparisonData>>>();

/** The comparison restricted to the segment (computed once per kept comparison). */
export async function comparisonInSegment(
  db: Queryable,
  whole: RunComparisonData,
  runs: { baseline: number; candidate: number },
  segment: Segment,
): Promise<RunComparisonData> {
  return keptSegment(whole, segment, async () => {
    const values = await segmentValues(db, runs, segment.key, segment.value);
    return restrictTo(whole.paired, (id) => values.has(id));
  });
}

/** The comparison restricted to each value of a key, by value (each kept as comparisonInSegment keeps it). */
export async function comparisonBySegment(
  db: Queryable,
  whole: RunComparisonData,
  runs: { baseline: number; candidate: number },
  key: string,
): Promise<Map<string, RunComparisonData>> {
  const values = await segmentValues(db, runs, key);
  const { baseline, pairs } = whole.paired;
  const shown = [...new Set(Array.from(pairs.baseline, (i) => values.get(baseline.ids[i])).filter((v) => v !== undefined))].sort();
  const cut = await Promise.all(
    shown.map((value) => keptSegment(whole, { key, value }, () => restrictTo(whole.paired, (id) => values.get(id) === value))),
  );
  return new Map(shown.map((value, i) => [value, cut[i]]));
}

function keptSegment(whole: RunComparisonData, { key, value }: Segment, compute: () => Promise<RunComparisonData>) {
  const segments = kept.get(whole) ?? new Map<string, Promise<RunComparisonData>>();
  kept.set(whole, segments);
  const name = `${key}:${value}`;
  const found = segments.get(name);
  if (found) return found;
  const computed = compute();
  segments.set(name, computed);
  computed.catch(() => segments.delete(name));
  return computed;
}

/** The pairs and one-sided queries whose result id is in the segment, with their statistics. */
async function restrictTo(paired: PairedQueries, inSegment: (resultId: number) => boolean): Promise<RunComparisonData> {
  const { baseline, candidate, pairs } = paired;
  const kept = Int32Array.from(pairs.baseline.keys()).filter((k) => inSegment(baseline.ids[pairs.baseline[k]]));
  const subset: PairedQueries = {
    ...paired,
    pairs: { baseline: kept.map((k) => pairs.baseline[k]), candidate: kept.map((k) => pairs.candidate[k]) },
    onlyBaseline: paired.onlyBaseline.filter((i) => inSegment(baseline.ids[i])),
    onlyCandidate: paired.onlyCandidate.filter((j) => inSegment(candidate.ids[j])),
    deltas: paired.deltas.map((column) => Float64Array.from(kept, (k) => column[k])),
    ranked: restrictPairs(paired.ranked, (i) => inSegment(baseline.ids[i])),
  };
  return { paired: subset, metrics: await metricComparisons(subset) };
}

function restrictPairs(pairs: { baseline: Int32Array; candidate: Int32Array }, keep: (i: number) => boolean) {
  const kept = Int32Array.from(pairs.baseline.keys()).filter((n) => keep(pairs.baseline[n]));
  return { baseline: kept.map((n) => pairs.baseline[n]), candidate: kept.map((n) => pairs.candidate[n]) };
}

/** The key's value of each counted or unjudged result of the two runs (one value when given), by result id. */
async function segmentValues(
  db: Queryable,
  runs: { baseline: number; candidate: number },
  key: string,
  value?: string,
): Promise<Map<number, string>> {
  const { rows } = await db.query<{ id: number; value: string }>(
    `SELECT r.id, e.input_metadata->>$2 AS value
     FROM experiment_run_results r JOIN dataset_entries e ON e.id = r.entry_id
     WHERE r.run_id = ANY($1::bigint[]) AND (r.counted OR r.status = 'UNJUDGED') AND e.input_metadata->>$2 IS NOT NULL
       AND ($3::text IS NULL OR e.input_metadata->>$2 = $3)`,
    [[runs.baseline, runs.candidate], key, value ?? null],
  );
  return new Map(rows.map((row) => [Number(row.id), row.value]));
}
