import type { RunComparison } from '../../../server/schemas/comparisons';

// GET run-comparisons/ as the console reads it: two finished runs, paired by query. The answer's
// shapes are the server's schemas (types only); the filters and orders are the console's choices.

/**
 * Which rows of the comparison to list: the API's `filter` values, `paired` first (its default). `ranked` (every query
 * both runs ranked, judged or not) and `unjudged` (those without a delta) are listed by how much their rankings changed.
 */
export const COMPARISON_FILTERS = [
  'paired',
  'regressions',
  'improvements',
  'unchanged',
  'only_baseline',
  'only_candidate',
  'ranked',
  'unjudged',
] as const;
export type ComparisonFilter = (typeof COMPARISON_FILTERS)[number];

/** `asc`: by delta, regressions first (the API's default); `desc`: improvements first. */
export const COMPARISON_ORDERS = ['asc', 'desc'] as const;
export type ComparisonOrder = (typeof COMPARISON_ORDERS)[number];

export type { ComparedRun, MetricComparison, ComparisonRow, RunComparison } from '../../../server/schemas/comparisons';

/** One bin of the chosen metric's non-zero paired deltas: `from` inclusive, `to` exclusive (the last bin includes 1). */
export type DeltaBin = RunComparison['histogram']['bins'][number];

/** How alike the two runs' rankings are over every query both ranked: the measures' means and RBO_ext's bins. */
export type OverlapSummary = RunComparison['overlap'];

/** One bin of the ranked queries' RBO_ext: `from` inclusive, `to` exclusive (the last bin includes 1). */
export type OverlapBin = OverlapSummary['rbo_ext_bins'][number];

/** The persistences p of RBO the page offers; the API's default, 0.9, among them. */
export const RBO_PERSISTENCES = [0.5, 0.8, 0.9, 0.95, 0.98] as const;
export const DEFAULT_RBO_P = 0.9;

/** One page of a comparison, with X-Total-Count: the rows matching the filter and search (null when not sent). */
export type ComparisonPage = { comparison: RunComparison; total: number | null };

/** The query parameters of a comparison (baseline, candidate, metric, filter, search, order), as sent. */
export type ComparisonParams = Readonly<Record<string, string>>;
