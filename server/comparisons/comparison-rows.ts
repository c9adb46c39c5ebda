/**
 * The per-query rows of a comparison: filtered, searched, ordered and cut to a page. Pure. The order by
 * a metric's delta is sorted once per comparison and kept, so paging or filtering the same comparison
 * again is a scan of the kept order, not another sort of 100,000 pairs.
 */
import { TIE_EPSILON } from '../evaluation/paired-stats';
import { queryKey } from '../evaluation/query-key';
import type { ComparisonFilter, ComparisonRow } from '../schemas/comparisons';
import type { PairedQueries, RunScores } from './paired-queries';

export interface RowsQuery {
  metric: number;
  filter: ComparisonFilter;
  search?: string;
  order: 'asc' | 'desc';
}

const kept = new WeakMap<PairedQueries, Map<string, Int32Array>>();

/** The matching rows in order: pair indexes, or for the only_* filters indexes into that run. */
export function matchingRows(paired: PairedQueries, { metric, filter, search, order }: RowsQuery): Int32Array {
  // Query keys are the queries lower-cased with white space collapsed: the search text is made the same.
  const needle = search === undefined ? undefined : queryKey(search) || undefined;
  const contains = (scores: RunScores, i: number) => needle === undefined || scores.keys[i].includes(needle);
  if (filter === 'only_baseline' || filter === 'only_candidate') {
    const [indexes, scores] =
      filter === 'only_baseline' ? [paired.onlyBaseline, paired.baseline] : [paired.onlyCandidate, paired.candidate];
    const sorted = Int32Array.from(indexes).sort((a, b) => compareText(scores.keys[a], scores.keys[b]) || scores.ids[a] - scores.ids[b]);
    return sorted.filter((i) => contains(scores, i));
  }
  const deltas = paired.deltas[metric];
  const wanted: Record<typeof filter, (d: number) => boolean> = {
    paired: () => true,
    regressions: (d) => d < -TIE_EPSILON,
    improvements: (d) => d > TIE_EPSILON,
    unchanged: (d) => Math.abs(d) <= TIE_EPSILON,
  };
  const keep = wanted[filter];
  return byDelta(paired, metric, order).filter((k) => keep(deltas[k]) && contains(paired.baseline, paired.pairs.baseline[k]));
}

/** The result ids whose query text the rows show: the baseline's, or the candidate's for only_candidate. */
export function shownResultIds(paired: PairedQueries, query: RowsQuery, indexes: ArrayLike<number>): number[] {
  return Array.from(indexes, (index) => {
    if (query.filter === 'only_candidate') return paired.candidate.ids[index];
    return paired.baseline.ids[query.filter === 'only_baseline' ? index : paired.pairs.baseline[index]];
  });
}

/** The rows as the API answers them, with each query's text as its result has it (`queries`, by result id). */
export function comparisonRows(
  paired: PairedQueries,
  query: RowsQuery,
  indexes: ArrayLike<number>,
  queries: ReadonlyMap<number, string>,
): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  const { baseline, candidate } = paired;
  const one = (scores: RunScores, i: number) => ({ id: scores.ids[i], value: scores.columns[query.metric][i] });
  for (let n = 0; n < indexes.length; n++) {
    const index = indexes[n];
    if (query.filter === 'only_baseline') {
      const b = one(baseline, index);
      rows.push({
        query: queries.get(b.id) ?? '',
        baseline_result_id: b.id,
        candidate_result_id: null,
        baseline: b.value,
        candidate: null,
        delta: null,
      });
    } else if (query.filter === 'only_candidate') {
      const c = one(candidate, index);
      rows.push({
        query: queries.get(c.id) ?? '',
        baseline_result_id: null,
        candidate_result_id: c.id,
        baseline: null,
        candidate: c.value,
        delta: null,
      });
    } else {
      const [i, j] = [paired.pairs.baseline[index], paired.pairs.candidate[index]];
      const [b, c] = [one(baseline, i), one(candidate, j)];
      rows.push({
        query: queries.get(b.id) ?? '',
        baseline_result_id: b.id,
        candidate_result_id: c.id,
        baseline: b.value,
        candidate: c.value,
        delta: paired.deltas[query.metric][index],
      });
    }
  }
  return rows;
}

/** Pair indexes by delta (regressions first for asc), equal deltas by query key then baseline result id. */
function byDelta(paired: PairedQueries, metric: number, order: 'asc' | 'desc'): Int32Array {
  const cache = kept.get(paired) ?? new Map<string, Int32Array>();
  kept.set(paired, cache);
  const name = `${metric}:${order}`;
  const cached = cache.get(name);
  if (cached) return cached;
  const sorted = Int32Array.from(paired.deltas[metric], (_, k) => k).sort(deltaOrder(paired, metric, order));
  cache.set(name, sorted);
  return sorted;
}

/**
 * The rows' order of two pairs by a metric's delta: asc puts regressions first. Equal deltas (within
 * TIE_EPSILON, as for the filters) by query key, then baseline result id.
 */
export function deltaOrder(paired: PairedQueries, metric: number, order: 'asc' | 'desc'): (a: number, b: number) => number {
  const deltas = paired.deltas[metric];
  const { keys, ids } = paired.baseline;
  const at = paired.pairs.baseline;
  const sign = order === 'asc' ? 1 : -1;
  const compareDelta = (a: number, b: number) => (Math.abs(deltas[a] - deltas[b]) <= TIE_EPSILON ? 0 : sign * (deltas[a] - deltas[b]));
  return (a, b) => compareDelta(a, b) || compareText(keys[at[a]], keys[at[b]]) || ids[at[a]] - ids[at[b]];
}

/** Code-point order: the same on every machine, unlike localeCompare. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
