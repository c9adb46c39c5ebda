/**
 * A run's mean metrics as the runs table and the trend chart show them: nDCG@k, P@k, R@k and F1@k
 * by their kind, whatever k and gain the run had, and the chart's points over the runs, oldest first. Pure.
 */
import { scaleLinear, line } from 'd3';
import { formatCount } from '../shared/format-count';
import { formatMean } from '../shared/format-metric';
import type { RunSummary } from '../experiments/evaluation-backend-types';
import type { ListedRun } from '../experiments/workbench-types';

export const TREND_METRICS = ['ndcg', 'precision', 'recall', 'f1'] as const;
export type TrendMetric = (typeof TREND_METRICS)[number];

export const TREND_LABELS: Record<TrendMetric, string> = { ndcg: 'nDCG', precision: 'P', recall: 'R', f1: 'F1' };

/** The run's mean of one kind of metric (`ndcg@10_exp` is nDCG), with its full name; undefined when it has none. */
export function meanOf(summary: RunSummary | undefined, metric: TrendMetric): { name: string; value: number } | undefined {
  const entry = Object.entries(summary?.mean_metrics ?? {}).find(([name]) => name.split('@')[0] === metric);
  return entry && { name: entry[0], value: entry[1] };
}

/** The runs table's outcomes column: its heading, and '8 / 2 / 1 / 0' under it. */
export const OUTCOMES_HEADING = 'Passed / Failed / Not scored / Errors';
export function outcomesText(summary: RunSummary | undefined): string {
  if (!summary) return '';
  return [summary.passed, summary.failed, summary.unjudged ?? 0, summary.errors].map(formatCount).join(' / ');
}

type TrendPoint = { runId: number; x: number; y: number; value: number; label: string };
export type Trend = { points: TrendPoint[]; path: string; ticks: Array<{ y: number; label: string }> };

/** The chart of one mean over the runs that have it, oldest to newest, in a width × height box (with margins). */
export function trendOf(runs: readonly ListedRun[], metric: TrendMetric, width: number, height: number, margin = 32): Trend {
  const measured = [...runs]
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
    .flatMap((run) => {
      const mean = meanOf(run.summary, metric);
      return mean ? [{ run, mean }] : [];
    });
  const x = scaleLinear()
    .domain([0, Math.max(1, measured.length - 1)])
    .range([margin, width - margin / 2]);
  const y = scaleLinear()
    .domain([0, 1])
    .range([height - margin / 2, margin / 2]);
  const points = measured.map(({ run, mean }, index) => ({
    runId: run.id,
    x: measured.length === 1 ? (width + margin / 2) / 2 : x(index),
    y: y(mean.value),
    value: mean.value,
    label: `Run ${run.id}: ${mean.name} ${formatMean(mean.value)}`,
  }));
  const path =
    line<TrendPoint>(
      (point) => point.x,
      (point) => point.y,
    )(points) ?? '';
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((value) => ({ y: y(value), label: value.toFixed(2) }));
  return { points, path, ticks };
}
