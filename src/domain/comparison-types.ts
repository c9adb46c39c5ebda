// GET run-comparisons/ (issue 15) as the console reads it: two finished runs, paired by query. The reference
// server's schema was written at the same time as this screen, so the shapes are the API contract's
// (/api/backend/run-comparisons/), written out here rather than imported from server/schemas.

/** Which rows of the comparison to list: the API's `filter` values, `paired` first (its default). */
export const COMPARISON_FILTERS = ['paired', 'regressions', 'improvements', 'unchanged', 'only_baseline', 'only_candidate'] as const;
export type ComparisonFilter = (typeof COMPARISON_FILTERS)[number];

/** `asc`: by delta, regressions first (the API's default); `desc`: improvements first. */
export const COMPARISON_ORDERS = ['asc', 'desc'] as const;
export type ComparisonOrder = (typeof COMPARISON_ORDERS)[number];

/** One of the two runs. */
export type ComparedRun = {
  id: number;
  experiment_id: number;
  experiment_name: string;
  status: string;
  tags: string[];
  created_at: string;
  evaluation_script_name: string;
  dataset_id: number | null;
  golden_set_id: number | null;
};

/** One metric both runs have, over the paired queries. */
export type MetricComparison = {
  name: string;
  baseline_mean: number;
  candidate_mean: number;
  delta: number;
  /** Null when the baseline's mean is 0. */
  relative_delta: number | null;
  /** Null under 2 pairs or when the differences have no spread. */
  ci95: [number, number] | null;
  p_value_t: number | null;
  /** Null with no pairs. */
  p_value_randomization: number | null;
  wins: number;
  ties: number;
  losses: number;
};

/** One bin of the chosen metric's non-zero paired deltas: `from` inclusive, `to` exclusive (the last bin includes 1). */
export type DeltaBin = { from: number; to: number; count: number };

/** One query of the page: in only_baseline rows the candidate's side is null, and the other way round. */
export type ComparedQuery = {
  query: string;
  baseline_result_id: number | null;
  candidate_result_id: number | null;
  baseline: number | null;
  candidate: number | null;
  delta: number | null;
};

export type RunComparison = {
  baseline: ComparedRun;
  candidate: ComparedRun;
  /** Queries both runs scored: what every mean and test is over. */
  paired: number;
  only_baseline: number;
  only_candidate: number;
  /** The metric of the histogram and of the rows (the server's default when none was asked for). */
  metric: string;
  metrics: MetricComparison[];
  histogram: { bins: DeltaBin[]; unchanged: number };
  results: ComparedQuery[];
};

/** One page of a comparison, with X-Total-Count: the rows matching the filter and search (null when not sent). */
export type ComparisonPage = { comparison: RunComparison; total: number | null };

/** The query parameters of a comparison (baseline, candidate, metric, filter, search, order), as sent. */
export type ComparisonParams = Readonly<Record<string, string>>;
