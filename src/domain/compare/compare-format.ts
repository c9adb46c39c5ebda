/**
 * How the "Compare runs" page writes a comparison (its metric names: shared/metric-label): means to four decimals
 * (formatMean), signed deltas, relative deltas as percentages, the 95% interval, p-values, and what counts as
 * significant. Pure.
 */
import type { ComparisonFilter, ComparisonRow, MetricComparison, OverlapSummary, RunComparison } from './comparison-types';
import { counted, formatCount } from '../shared/format-count';
import { formatMean } from '../shared/format-metric';
import type { StatusTone } from '../shared/status-colours';
import { runLabel, type NumberedRun } from '../runs/run-label';

/** What the paired tests are read against. */
const SIGNIFICANCE_LEVEL = 0.05;

const MINUS = '\u2212';

/** +0.0210, −0.4900, 0.0000 (four decimals, as the means); a missing value is a dash. */
export function formatDelta(delta: number | null): string {
  if (delta === null || !Number.isFinite(delta)) return '—';
  if (delta === 0) return formatMean(0);
  return `${delta > 0 ? '+' : MINUS}${formatMean(Math.abs(delta))}`;
}

/** +4.2%, −12.5%; a dash when there is none (the baseline's mean is 0). */
export function formatRelativeDelta(relative: number | null): string {
  if (relative === null || !Number.isFinite(relative)) return '—';
  const percent = (Math.abs(relative) * 100).toFixed(1);
  if (relative === 0 || percent === '0.0') return `${percent}%`;
  return `${relative > 0 ? '+' : MINUS}${percent}%`;
}

/** [+0.0040, +0.0380]; a dash when there is none (under 2 pairs, or no spread in the differences). */
export function formatInterval(ci: readonly [number, number] | null): string {
  return ci === null ? '—' : `[${formatDelta(ci[0])}, ${formatDelta(ci[1])}]`;
}

/**
 * 0.013, < 0.001, 1.000; a dash when there is none. A significant value never reads as 0.050: it is cut
 * (0.0499) rather than rounded up to the level it is under.
 */
export function formatPValue(p: number | null): string {
  if (p === null || !Number.isFinite(p)) return '—';
  if (p < 0.001) return '< 0.001';
  const fixed = p.toFixed(3);
  if (isSignificant(p) && Number(fixed) >= SIGNIFICANCE_LEVEL) return (Math.floor(p * 1e4) / 1e4).toFixed(4);
  return fixed;
}

/** Under the 0.05 level (a missing p-value is not). */
export const isSignificant = (p: number | null): boolean => p !== null && p < SIGNIFICANCE_LEVEL;

/** What a metric's paired difference amounts to: more than chance one way or the other, or not. */
export type Verdict = 'regression' | 'improvement' | 'none';

/**
 * Significant when both paired tests are under the level (the t-test alone when the other has no answer), so
 * the colour never rests on one test the other contradicts; its direction is the delta's sign.
 */
export function verdictOf(metric: Pick<MetricComparison, 'delta' | 'p_value_t' | 'p_value_randomization'>): Verdict {
  const { delta, p_value_t: t, p_value_randomization: randomization } = metric;
  const significant = isSignificant(t) && (randomization === null || isSignificant(randomization));
  if (!significant || delta === 0) return 'none';
  return delta < 0 ? 'regression' : 'improvement';
}

/** The verdict in words, beside its colour, for those who do not see colour. */
export const VERDICT_TEXT: Record<Verdict, string> = {
  regression: 'significant regression',
  improvement: 'significant improvement',
  none: 'no significant change',
};

/** A significant regression red, a significant improvement green, no significant change grey. */
export const VERDICT_TONE: Record<Verdict, StatusTone> = { regression: 'danger', improvement: 'success', none: 'neutral' };

/** 41 / 70 / 19. */
export const formatWinsTiesLosses = ({ wins, ties, losses }: { wins: number; ties: number; losses: number }): string =>
  [wins, ties, losses].map(formatCount).join(' / ');

/** Whether a query got better or worse (the colour of its delta, beside the sign). */
export type DeltaTone = 'regression' | 'improvement' | 'unchanged' | 'unpaired';

export function deltaTone(delta: number | null): DeltaTone {
  if (delta === null) return 'unpaired';
  return delta < 0 ? 'regression' : delta > 0 ? 'improvement' : 'unchanged';
}

/** 'Over 130 paired queries'. */
export const pairedText = (paired: number): string => `Over ${counted(paired, 'paired query', 'paired queries')}`;

/** What the statistics leave out: '3 queries only in the baseline and 1 only in the candidate, left out of the statistics.' */
export function unpairedText({ only_baseline, only_candidate }: Pick<RunComparison, 'only_baseline' | 'only_candidate'>): string {
  if (only_baseline === 0 && only_candidate === 0) return 'Every query is in both runs.';
  const query = (count: number) => counted(count, 'query', 'queries');
  const parts =
    only_baseline > 0 && only_candidate > 0
      ? `${query(only_baseline)} only in the baseline and ${formatCount(only_candidate)} only in the candidate`
      : only_baseline > 0
        ? `${query(only_baseline)} only in the baseline`
        : `${query(only_candidate)} only in the candidate`;
  return `${parts}, left out of the statistics.`;
}

/** How many rows each filter lists, for the chosen metric: its losses are the regressions, its wins the improvements. */
export function filterCounts(comparison: RunComparison): Record<ComparisonFilter, number> {
  const chosen = comparison.metrics.find((metric) => metric.name === comparison.metric);
  return {
    paired: comparison.paired,
    regressions: chosen?.losses ?? 0,
    improvements: chosen?.wins ?? 0,
    unchanged: chosen?.ties ?? 0,
    only_baseline: comparison.only_baseline,
    only_candidate: comparison.only_candidate,
    ranked: comparison.overlap.pairs,
    unjudged: comparison.overlap.unjudged,
  };
}

/** An overlap measure to three decimals (they run from 0 to 1); a dash when there is none. */
export const formatOverlap = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(3);

/** The overlap measures in the order the page shows them, each named at the comparison's k. */
export const overlapMeasures = (k: number): Array<{ measure: keyof OverlapSummary['means']; label: string }> => [
  { measure: 'overlap', label: `Overlap@${k}` },
  { measure: 'jaccard', label: `Jaccard@${k}` },
  { measure: 'rbo_min', label: 'RBO min' },
  { measure: 'rbo_ext', label: 'RBO ext' },
];

/** A row's overlap measures as the table shows them: dashes on a row whose query only one run ranked. */
export const rowOverlaps = (row: Pick<ComparisonRow, 'overlap'>, k: number): string[] =>
  overlapMeasures(k).map(({ measure }) => formatOverlap(row.overlap?.[measure]));

/** 'Over 130 queries both runs ranked (12 of them unjudged), top 10, p = 0.9'. */
export function overlapText({ pairs, unjudged, k, p }: OverlapSummary): string {
  const judged = unjudged > 0 ? ` (${formatCount(unjudged)} of them not scored by both)` : '';
  return `Over ${counted(pairs, 'query', 'queries')} both runs ranked${judged}, their top ${formatCount(k)}; RBO at p = ${p}.`;
}

/** A side of a comparison: an experiment's run, or the run holding an evaluation's scores. */
type NamedRun = NumberedRun & { experiment_name: string | null; evaluation?: { id: number; name: string } | null };

/** 'BM25 · Run #3': the run's experiment and its number there, as the page names each side; 'Evaluation · name' for an evaluation. */
export const runName = (run: NamedRun): string =>
  run.evaluation ? `Evaluation · ${run.evaluation.name}` : `${run.experiment_name ?? ''} · ${runLabel(run)}`;

const NO_ROWS: Record<ComparisonFilter, string> = {
  paired: 'The runs have no query in common.',
  regressions: 'No query got worse.',
  improvements: 'No query got better.',
  unchanged: 'No query scored the same in both runs.',
  only_baseline: 'No query is only in the baseline.',
  only_candidate: 'No query is only in the candidate.',
  ranked: 'The runs ranked no query in common.',
  unjudged: 'Every query both runs ranked is scored by both.',
};

/** What an empty page of rows says: no match for the search, nothing of this filter, or a page past the last. */
export function noRowsText(filter: ComparisonFilter, search: string, page: number): string {
  if (page > 1) return 'No queries on this page.';
  if (search) return `No query matches “${search}” here.`;
  return NO_ROWS[filter];
}
