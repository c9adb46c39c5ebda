/**
 * The per-query rows of a comparison: filtered, searched, ordered and cut to a page. Pure. An order (by a metric's
 * delta or an overlap measure) is sorted once per comparison and kept, so paging or filtering the same comparison
 * again is a scan of the kept order, not another sort of 100,000 pairs.
 *
 * Three lists of indexes: the pairs (both runs scored the query: the paired, regressions, improvements and unchanged
 * filters), the ranked pairs (both runs ranked it, judged or not: ranked and unjudged), and one run's results (the
 * only_* filters).
 */
import { TIE_EPSILON } from '../evaluation/paired-stats';
import { queryKey } from '../evaluation/query-key';
import type { ComparisonFilter, ComparisonRow, ComparisonSort } from '../schemas/comparisons';
import type { PairedQueries, RunScores } from './paired-queries';
import type { PairOverlaps } from './pair-overlaps';

export interface RowsQuery {
  metric: number;
  filter: ComparisonFilter;
  search?: string;
  order: 'asc' | 'desc';
  /** By delta when left out. */
  sort?: ComparisonSort;
  /** The rows' overlap measures (and what sorting by one reads); the rows' `overlap` is null without them. */
  overlaps?: PairOverlaps;
}

const kept = new WeakMap<PairedQueries, Map<string, Int32Array>>();

const onRanked = (filter: ComparisonFilter) => filter === 'ranked' || filter === 'unjudged';

/** The matching rows in order: pair indexes, ranked pair indexes for ranked and unjudged, or for the only_* filters indexes into that run. */
export function matchingRows(paired: PairedQueries, query: RowsQuery): Int32Array {
  const { metric, filter, search } = query;
  // Query keys are the queries lower-cased with white space collapsed: the search text is made the same.
  const needle = search === undefined ? undefined : queryKey(search) || undefined;
  const contains = (scores: RunScores, i: number) => needle === undefined || scores.keys[i].includes(needle);
  if (filter === 'only_baseline' || filter === 'only_candidate') {
    const [indexes, scores] =
      filter === 'only_baseline' ? [paired.onlyBaseline, paired.baseline] : [paired.onlyCandidate, paired.candidate];
    const sorted = Int32Array.from(indexes).sort((a, b) => compareText(scores.keys[a], scores.keys[b]) || scores.ids[a] - scores.ids[b]);
    return sorted.filter((i) => contains(scores, i));
  }
  if (onRanked(filter)) {
    const { ranked } = paired;
    const scoredByBoth = (r: number) => ranked.baseline[r] < paired.baseline.scored && ranked.candidate[r] < paired.candidate.scored;
    return sortedRows(paired, query).filter(
      (r) => (filter === 'ranked' || !scoredByBoth(r)) && contains(paired.baseline, ranked.baseline[r]),
    );
  }
  const deltas = paired.deltas[metric];
  const wanted: Record<'paired' | 'regressions' | 'improvements' | 'unchanged', (d: number) => boolean> = {
    paired: () => true,
    regressions: (d) => d < -TIE_EPSILON,
    improvements: (d) => d > TIE_EPSILON,
    unchanged: (d) => Math.abs(d) <= TIE_EPSILON,
  };
  const keep = wanted[filter];
  return sortedRows(paired, query).filter((k) => keep(deltas[k]) && contains(paired.baseline, paired.pairs.baseline[k]));
}

/** The result ids whose query text the rows show: the baseline's, or the candidate's for only_candidate. */
export function shownResultIds(paired: PairedQueries, query: RowsQuery, indexes: ArrayLike<number>): number[] {
  return Array.from(indexes, (index) => {
    if (query.filter === 'only_candidate') return paired.candidate.ids[index];
    if (query.filter === 'only_baseline') return paired.baseline.ids[index];
    return paired.baseline.ids[(onRanked(query.filter) ? paired.ranked : paired.pairs).baseline[index]];
  });
}

/** The rows as the API answers them, with each query's text as its result has it (`queries`, by result id). */
export function comparisonRows(
  paired: PairedQueries,
  query: RowsQuery,
  indexes: ArrayLike<number>,
  queries: ReadonlyMap<number, string>,
): ComparisonRow[] {
  const { baseline, candidate } = paired;
  const value = (scores: RunScores, i: number) => (i < scores.scored ? scores.columns[query.metric][i] : null);
  const overlapOf = (i: number) => {
    const values = query.overlaps?.values;
    if (values === undefined || Number.isNaN(values.overlap[i])) return null;
    return { overlap: values.overlap[i], jaccard: values.jaccard[i], rbo_min: values.rbo_min[i], rbo_ext: values.rbo_ext[i] };
  };
  return Array.from(indexes, (index) => {
    if (query.filter === 'only_baseline' || query.filter === 'only_candidate') {
      const [scores, i] = query.filter === 'only_baseline' ? [baseline, index] : [candidate, index];
      const id = scores.ids[i];
      const side = query.filter === 'only_baseline' ? 'baseline' : 'candidate';
      return {
        query: queries.get(id) ?? '',
        baseline_result_id: side === 'baseline' ? id : null,
        candidate_result_id: side === 'candidate' ? id : null,
        baseline: side === 'baseline' ? value(scores, i) : null,
        candidate: side === 'candidate' ? value(scores, i) : null,
        delta: null,
        overlap: null,
      };
    }
    const pairs = onRanked(query.filter) ? paired.ranked : paired.pairs;
    const [i, j] = [pairs.baseline[index], pairs.candidate[index]];
    const [b, c] = [value(baseline, i), value(candidate, j)];
    return {
      query: queries.get(baseline.ids[i]) ?? '',
      baseline_result_id: baseline.ids[i],
      candidate_result_id: candidate.ids[j],
      baseline: b,
      candidate: c,
      delta: b === null || c === null ? null : onRanked(query.filter) ? c - b : paired.deltas[query.metric][index],
      overlap: overlapOf(i),
    };
  });
}

/** Every index of the filter's list (pairs, or ranked pairs) in the query's order, sorted once and kept. */
function sortedRows(paired: PairedQueries, query: RowsQuery): Int32Array {
  const sort = query.sort ?? 'delta';
  const ranked = onRanked(query.filter);
  const cache = kept.get(paired) ?? new Map<string, Int32Array>();
  kept.set(paired, cache);
  const measured = sort === 'delta' ? `${query.metric}` : `${query.overlaps?.k}:${query.overlaps?.p}`;
  const name = `${ranked ? 'ranked' : 'pairs'}:${sort}:${measured}:${query.order}`;
  const cached = cache.get(name);
  if (cached) return cached;
  const pairs = ranked ? paired.ranked : paired.pairs;
  const values =
    !ranked && sort === 'delta'
      ? paired.deltas[query.metric]
      : Float64Array.from(pairs.baseline, (i, n) => sortValue(paired, query, sort, i, pairs.candidate[n]));
  const sorted = Int32Array.from(values, (_, n) => n).sort(valueOrder(values, pairs.baseline, paired.baseline, query.order));
  cache.set(name, sorted);
  return sorted;
}

/** The value a row is sorted by, NaN when it has none (an unjudged pair's delta). */
function sortValue(paired: PairedQueries, query: RowsQuery, sort: ComparisonSort, i: number, j: number): number {
  if (sort !== 'delta') return query.overlaps?.values[sort][i] ?? NaN;
  const { baseline, candidate } = paired;
  if (i >= baseline.scored || j >= candidate.scored) return NaN;
  return candidate.columns[query.metric][j] - baseline.columns[query.metric][i];
}

/** Ascending or descending by value (equal within TIE_EPSILON), NaN last, then by query key and baseline result id. */
function valueOrder(
  values: Float64Array,
  at: Int32Array,
  { keys, ids }: RunScores,
  order: 'asc' | 'desc',
): (a: number, b: number) => number {
  const sign = order === 'asc' ? 1 : -1;
  const compareValue = (x: number, y: number) => {
    if (Number.isNaN(x) || Number.isNaN(y)) return Number(Number.isNaN(x)) - Number(Number.isNaN(y));
    return Math.abs(x - y) <= TIE_EPSILON ? 0 : sign * (x - y);
  };
  return (a, b) => compareValue(values[a], values[b]) || compareText(keys[at[a]], keys[at[b]]) || ids[at[a]] - ids[at[b]];
}

/**
 * The rows' order of two pairs by a metric's delta: asc puts regressions first. Equal deltas (within
 * TIE_EPSILON, as for the filters) by query key, then baseline result id.
 */
export function deltaOrder(paired: PairedQueries, metric: number, order: 'asc' | 'desc'): (a: number, b: number) => number {
  return valueOrder(paired.deltas[metric], paired.pairs.baseline, paired.baseline, order);
}

/** Code-point order: the same on every machine, unlike localeCompare. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
