/**
 * A run's mean metrics as the runs table and the trend chart show them: nDCG@k, P@k, R@k and F1@k
 * by their kind, whatever k and gain the run had, and the chart's points over the runs, oldest first. Pure.
 */
import { scaleLinear, line } from 'd3';
import { formatCount } from '../shared/format-count';
import { formatMean } from '../shared/format-metric';
import type { RunSummary } from '../experiments/evaluation-backend-types';
import type { ListedRun } from '../experiments/workbench-types';
import { metricLabel } from '../shared/metric-label';
import { runLabel, runNumberText } from './run-label';

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
export type Trend = {
  points: TrendPoint[];
  path: string;
  ticks: Array<{ y: number; label: string }>;
  /** Under each point, the run's number ('#3'). */
  runTicks: Array<{ x: number; label: string }>;
  /** The y axis' title: the metric's name as the runs have it ('Mean nDCG@10'), or its kind when they differ. */
  metricTitle: string;
  /** Where the plot's edges are, for the axes and their titles. */
  box: { left: number; right: number; top: number; bottom: number };
};

/** Room for the y axis' title and tick labels on the left, and the run numbers and x title underneath. */
const MARGIN = { left: 56, right: 16, top: 12, bottom: 44 };

/** The chart of one mean over the runs that have it, oldest to newest, in a width × height box (with margins). */
export function trendOf(runs: readonly ListedRun[], metric: TrendMetric, width: number, height: number): Trend {
  const measured = [...runs]
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
    .flatMap((run) => {
      const mean = meanOf(run.summary, metric);
      return mean ? [{ run, mean }] : [];
    });
  const box = { left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom: height - MARGIN.bottom };
  const x = scaleLinear()
    .domain([0, Math.max(1, measured.length - 1)])
    .range([box.left + 12, box.right - 12]);
  const y = scaleLinear().domain([0, 1]).range([box.bottom, box.top]);
  const points = measured.map(({ run, mean }, index) => ({
    runId: run.id,
    x: measured.length === 1 ? (box.left + box.right) / 2 : x(index),
    y: y(mean.value),
    value: mean.value,
    label: `${runLabel(run)}: ${metricLabel(mean.name)} ${formatMean(mean.value)}`,
  }));
  const path =
    line<TrendPoint>(
      (point) => point.x,
      (point) => point.y,
    )(points) ?? '';
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((value) => ({ y: y(value), label: value.toFixed(2) }));
  const runTicks = measured.map(({ run }, index) => ({ x: points[index].x, label: runNumberText(run) }));
  const names = new Set(measured.map(({ mean }) => mean.name));
  const metricTitle = `Mean ${names.size === 1 ? metricLabel([...names][0]) : TREND_LABELS[metric]}`;
  return { points, path, ticks, runTicks, metricTitle, box };
}
