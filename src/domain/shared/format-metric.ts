// Metrics are shown to three decimals in the test case view.

/** 0.86421 → '0.864'; a value that is not a finite number shows as a dash. */
export function formatMetric(value: number): string {
  return Number.isFinite(value) ? value.toFixed(3) : '—';
}

/**
 * A run's mean to four decimals as `npm run metrics` (and trec_eval, with C's printf) prints it: like
 * toFixed(4), except that a value exactly halfway rounds to the even digit (1/32 → '0.0312').
 */
export function formatMean(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const fixed = value.toFixed(4);
  if (!(value > 0)) return fixed;
  const exact = value.toFixed(25);
  const point = exact.indexOf('.');
  if (!/^50*$/.test(exact.slice(point + 5))) return fixed;
  const truncated = exact.slice(0, point + 5);
  return Number(truncated[truncated.length - 1]) % 2 === 0 ? truncated : fixed;
}

/** 0.86421 → '86.4%'; a value that is not a finite number shows as a dash. */
export function formatPercent(value: number): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '—';
}

/** The order metrics read best in: the headline scores first, then rank measures, then raw DCG and counts. */
const METRIC_ORDER = ['ndcg', 'precision', 'recall', 'f1', 'reciprocal_rank', 'average_precision', 'dcg', 'idcg', 'unjudged'];

const metricRank = (name: string) => {
  const base = name.split('@')[0];
  const rank = METRIC_ORDER.indexOf(base);
  return rank === -1 ? METRIC_ORDER.length : rank;
};

/** A metrics map's entries in METRIC_ORDER; others after them, by name. */
export function orderedMetrics(metrics: Record<string, number>): Array<[string, number]> {
  return Object.entries(metrics).sort(([a], [b]) => metricRank(a) - metricRank(b) || (a < b ? -1 : a > b ? 1 : 0));
}
