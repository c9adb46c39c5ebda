/**
 * The histogram of the per-query deltas of the chosen metric: the server's bins of the non-zero
 * paired deltas (40 of width 0.05 over [-1, 1]) laid out with d3 scales in a width × height box; React draws
 * it. The unchanged queries (delta 0) are counted in the text, not drawn: one bar of them would dwarf the rest. Pure.
 */
import type { DeltaBin } from './comparison-types';
import { counted, formatCount } from '../shared/format-count';
import { histogramLayout, type HistogramBox, type HistogramTick } from './histogram-layout';

/** A bar left of 0 holds regressions, right of it improvements. */
type HistogramBar = {
  x: number;
  y: number;
  width: number;
  height: number;
  count: number;
  label: string;
  tone: 'regression' | 'improvement';
};

export type DeltaHistogram = {
  bars: HistogramBar[];
  /** Along the bottom: delta values. */
  xTicks: HistogramTick[];
  /** Up the left: counts. */
  yTicks: HistogramTick[];
  /** Where delta 0 is: regressions to its left, improvements to its right. */
  zeroX: number;
  /** The y of the bars' foot. */
  floorY: number;
  /** What the chart shows, for screen readers (the svg's label). */
  description: string;
};

const MINUS = '\u2212';
const signed = (value: number, digits: number) => (value < 0 ? `${MINUS}${Math.abs(value).toFixed(digits)}` : value.toFixed(digits));

/** A bin's hover text: '−0.50 to −0.45: 3 queries'. */
export const binLabel = (bin: DeltaBin): string =>
  `${signed(bin.from, 2)} to ${signed(bin.to, 2)}: ${counted(bin.count, 'query', 'queries')}`;

export function deltaHistogram(bins: readonly DeltaBin[], unchanged: number, metricLabel: string, box: HistogramBox): DeltaHistogram {
  const changed = bins.reduce((sum, bin) => sum + bin.count, 0);
  const low = Math.min(-1, ...bins.map((bin) => bin.from));
  const high = Math.max(1, ...bins.map((bin) => bin.to));
  const { x, floorY, bars: laid, yTicks } = histogramLayout(bins, [low, high], box);
  const bars = laid.map(({ bin, ...bar }) => ({
    ...bar,
    count: bin.count,
    label: binLabel(bin),
    tone: bin.to <= 0 ? ('regression' as const) : ('improvement' as const),
  }));
  const xTicks = [-1, -0.5, 0, 0.5, 1].map((value) => ({ position: x(value), label: signed(value, 1) }));
  return { bars, xTicks, yTicks, zeroX: x(0), floorY, description: histogramDescription(bins, unchanged, metricLabel, changed) };
}

/** 'Histogram of the per-query nDCG@10 deltas: 60 changed queries (19 worse, 41 better) …; 70 unchanged, not drawn.' */
function histogramDescription(bins: readonly DeltaBin[], unchanged: number, metricLabel: string, changed: number): string {
  const worse = bins.filter((bin) => bin.to <= 0).reduce((sum, bin) => sum + bin.count, 0);
  const better = changed - worse;
  const what = `Histogram of the per-query ${metricLabel} deltas`;
  const unchangedText = `${formatCount(unchanged)} unchanged, not drawn`;
  if (changed === 0) return `${what}: no query changed; ${unchangedText}.`;
  return `${what}: ${counted(changed, 'changed query', 'changed queries')} (${formatCount(worse)} worse, ${formatCount(better)} better) in bins of 0.05 from ${MINUS}1 to 1; ${unchangedText}.`;
}
