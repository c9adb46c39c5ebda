/**
 * The "Compare runs" page's address: `/compare?baseline=A&candidate=B&metric=M&filter=F&search=S&order=O&page=N`,
 * read leniently (a malformed filter, order or page is the default) and written back in one canonical form,
 * so a shared link opens the same view. The links out of it: each run's page and one query side by side. Pure.
 */
import {
  COMPARISON_FILTERS,
  COMPARISON_ORDERS,
  DEFAULT_RBO_P,
  type ComparisonFilter,
  type ComparisonOrder,
  type ComparisonParams,
  type RunComparison,
} from './comparison-types';
import { parseRouteId } from '../shell/route-id';
import { comparePairHref } from './compare-links';

export const COMPARE_PATH = '/compare';

/**
 * A side of a comparison as the server takes it, in one form: a run by its id alone ('12'; `run:12` reads as it),
 * or an evaluation, compared through its run ('evaluation:5').
 */
type RankingRef = string;

const REF = /^(?:(run|evaluation):)?(\d+)$/;

/** 'run:12' and '12' → '12', 'evaluation:5' → 'evaluation:5'; anything else (a malformed id, another kind) → null. */
function parseRankingRef(text: string | null | undefined): RankingRef | null {
  const match = REF.exec(text?.trim() ?? '');
  const id = match ? parseRouteId(match[2]) : null;
  if (id === null) return null;
  return match![1] === 'evaluation' ? `evaluation:${id}` : String(id);
}

const isEvaluationRef = (ref: RankingRef) => ref.startsWith('evaluation:');

/** 'Run 12' or 'Evaluation 5', as the page names a side it has not fetched yet. */
const rankingRefLabel = (ref: RankingRef): string =>
  isEvaluationRef(ref) ? `Evaluation ${ref.slice('evaluation:'.length)}` : `Run ${ref}`;

export type CompareAddress = {
  /** Null when the address has none or a malformed one: the page says so instead of asking. */
  baseline: RankingRef | null;
  candidate: RankingRef | null;
  /** '' until known: the server then picks its default (nDCG first) and the page writes it in. */
  metric: string;
  /**
   * Null until chosen: the page then opens on the changes (openingFilter) and writes that in, so a filter once
   * shown, 'paired' too, stays what the address says.
   */
  filter: ComparisonFilter | null;
  search: string;
  order: ComparisonOrder;
  page: number;
  /** Only the queries of one segment, `key:value`; absent for all of them. */
  segment?: string;
  /** RBO's persistence p; absent for the API's default (0.9). */
  rboP?: number;
};

const isFilter = (value: string | null): value is ComparisonFilter => COMPARISON_FILTERS.includes(value as ComparisonFilter);
const isOrder = (value: string | null): value is ComparisonOrder => COMPARISON_ORDERS.includes(value as ComparisonOrder);

/** The address's comparison; what is missing or malformed is the default (a run id: null). */
export function readCompareAddress(search: string): CompareAddress {
  const params = new URLSearchParams(search);
  const filter = params.get('filter');
  const order = params.get('order');
  const page = parseRouteId(params.get('page') ?? undefined);
  const segment = params.get('segment')?.trim();
  const rboP = readPersistence(params.get('rbo_p'));
  return {
    baseline: parseRankingRef(params.get('baseline')),
    candidate: parseRankingRef(params.get('candidate')),
    metric: params.get('metric')?.trim() ?? '',
    filter: isFilter(filter) ? filter : null,
    search: params.get('search')?.trim() ?? '',
    order: isOrder(order) ? order : 'asc',
    page: page ?? 1,
    ...(segment ? { segment } : {}),
    ...(rboP === undefined ? {} : { rboP }),
  };
}

/** A persistence strictly between 0 and 1 other than the default; anything else is the default (undefined). */
function readPersistence(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const p = Number(value);
  return p > 0 && p < 1 && p !== DEFAULT_RBO_P ? p : undefined;
}

/** The rows of these filters pair rankings, not scores: they are listed by how much the rankings changed. */
const listsRankings = (filter: ComparisonFilter | null): boolean => filter === 'ranked' || filter === 'unjudged';

/** Why the address cannot be compared (no valid runs or evaluations, or one twice), or null when it can. */
export function addressProblem({ baseline, candidate }: CompareAddress): string | null {
  if (baseline === null && candidate === null)
    return 'Choose two runs to compare: the address has no valid baseline and candidate run IDs.';
  if (baseline === null) return 'Invalid baseline run ID: the address needs ?baseline= with a run ID or evaluation:ID.';
  if (candidate === null) return 'Invalid candidate run ID: the address needs &candidate= with a run ID or evaluation:ID.';
  if (baseline === candidate)
    return `The baseline and the candidate are the same ${isEvaluationRef(baseline) ? 'evaluation' : 'run'} (${rankingRefLabel(baseline)}): choose two different runs.`;
  return null;
}

/** The rows listed: the address's filter, or until one is chosen the API's default (every paired query). */
export const shownFilter = (address: CompareAddress): ComparisonFilter => address.filter ?? 'paired';

/** The comparison's query parameters for the API and its CSV: the defaults left out, no page. */
export function comparisonParams(address: CompareAddress): ComparisonParams {
  const params: Record<string, string> = { baseline: address.baseline ?? '', candidate: address.candidate ?? '' };
  if (address.metric) params.metric = address.metric;
  if (address.filter !== null) params.filter = address.filter;
  if (address.search) params.search = address.search;
  if (address.order !== 'asc') params.order = address.order;
  if (listsRankings(address.filter)) params.sort = 'rbo_ext';
  if (address.segment) params.segment = address.segment;
  if (address.rboP !== undefined) params.rbo_p = String(address.rboP);
  return params;
}

/** The address's query in its one form: the runs, the metric, then what differs from the defaults, the page last. */
export function compareSearch(address: CompareAddress): string {
  const params = new URLSearchParams(comparisonParams(address));
  // The sort follows from the filter: the address need not say it.
  params.delete('sort');
  if (address.page > 1) params.set('page', String(address.page));
  return `?${params}`;
}

/**
 * What the page opens on when the address chose no filter: every paired query when the order puts changes
 * first (regressions for 'asc', improvements for 'desc'); when there are none of those, the other kind of
 * change; every paired query when nothing changed. So a comparison with changes never opens on unchanged queries.
 */
export function openingFilter(comparison: RunComparison, order: ComparisonOrder): ComparisonFilter {
  const chosen = comparison.metrics.find((metric) => metric.name === comparison.metric);
  const [first, other] = order === 'asc' ? [chosen?.losses, chosen?.wins] : [chosen?.wins, chosen?.losses];
  if ((first ?? 0) > 0 || (other ?? 0) === 0) return 'paired';
  return order === 'asc' ? 'improvements' : 'regressions';
}

const SWAPPED_FILTERS: Record<ComparisonFilter, ComparisonFilter> = {
  paired: 'paired',
  regressions: 'improvements',
  improvements: 'regressions',
  unchanged: 'unchanged',
  only_baseline: 'only_candidate',
  only_candidate: 'only_baseline',
  ranked: 'ranked',
  unjudged: 'unjudged',
};

/**
 * The baseline and candidate swapped, from page 1: the filter follows the queries (what were regressions are
 * now improvements), the metric, search and order stay.
 */
export function swappedAddress(address: CompareAddress): CompareAddress {
  const filter = address.filter === null ? null : SWAPPED_FILTERS[address.filter];
  return { ...address, baseline: address.candidate, candidate: address.baseline, filter, page: 1 };
}

/** The page's full address. */
export const compareHrefOf = (address: CompareAddress): string => `${COMPARE_PATH}${compareSearch(address)}`;

/** The same comparison within one segment (`key:value`), or every query again (undefined), from page 1. */
export const compareSegmentHref = (address: CompareAddress, segment: string | undefined): string => {
  const { segment: _current, ...rest } = address;
  return compareHrefOf({ ...rest, page: 1, ...(segment ? { segment } : {}) });
};

/** Two addresses that show the same thing. */
export const sameAddress = (a: CompareAddress, b: CompareAddress): boolean => compareSearch(a) === compareSearch(b);

/** A run's own page: its results (App.tsx's /experiment-run-results/:id); an evaluation's, its own page. */
export const runHref = (run: { id: number; evaluation?: { id: number } | null }): string =>
  run.evaluation ? `/evaluations/${run.evaluation.id}` : `/experiment-run-results/${run.id}`;

/**
 * Where a row of the per-query table leads: both results side by side (the pair page, with the metric), or a
 * query only one run has to that result's details.
 */
export function rowHref(row: { baseline_result_id: number | null; candidate_result_id: number | null }, metric: string): string {
  const { baseline_result_id: baseline, candidate_result_id: candidate } = row;
  if (baseline !== null && candidate !== null) return comparePairHref(baseline, candidate, metric);
  return `/experiment-run-result-details/${baseline ?? candidate}`;
}

/** The filter choices as the page names them. */
export const FILTER_LABELS: Record<ComparisonFilter, string> = {
  paired: 'Paired',
  regressions: 'Regressions',
  improvements: 'Improvements',
  unchanged: 'Unchanged',
  only_baseline: 'Only in baseline',
  only_candidate: 'Only in candidate',
  ranked: 'Rankings that changed most',
  unjudged: 'Unjudged',
};

/** The orders as the page names them: by delta, or for the ranked and unjudged rows by how much the rankings changed. */
export const orderLabels = (filter: ComparisonFilter): Record<ComparisonOrder, string> =>
  listsRankings(filter)
    ? { asc: 'Changed most first', desc: 'Most alike first' }
    : { asc: 'Regressions first', desc: 'Improvements first' };
