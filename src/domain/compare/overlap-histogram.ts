/**
 * The histogram of how alike the two rankings of each query are: the server's 10 bins of RBO_ext over [0, 1] laid out
 * with d3 scales in a width × height box; React draws it. Left: rankings that changed most. Pure.
 */
import type { OverlapBin } from './comparison-types';
import { histogramLayout, type HistogramBox, type HistogramTick } from './histogram-layout';
import { counted, formatCount } from '../shared/format-count';

type OverlapBar = { x: number; y: number; width: number; height: number; label: string };

export type OverlapHistogram = {
  bars: OverlapBar[];
  xTicks: HistogramTick[];
  yTicks: HistogramTick[];
  floorY: number;
  /** What the chart shows, for screen readers (the svg's label). */
  description: string;
};

/** A bin's hover text: 'RBO 0.90 to 1.00: 3 queries'. */
const overlapBinLabel = (bin: OverlapBin): string =>
  `RBO ${bin.from.toFixed(2)} to ${bin.to.toFixed(2)}: ${counted(bin.count, 'query', 'queries')}`;

export function overlapHistogram(bins: readonly OverlapBin[], box: HistogramBox): OverlapHistogram {
  const { x, floorY, bars: laid, yTicks } = histogramLayout(bins, [0, 1], box);
  const bars = laid.map(({ bin, ...bar }) => ({ ...bar, label: overlapBinLabel(bin) }));
  const xTicks = [0, 0.25, 0.5, 0.75, 1].map((value) => ({ position: x(value), label: String(value) }));
  return { bars, xTicks, yTicks, floorY, description: overlapDescription(bins) };
}

/** 'Histogram of the rankings' RBO_ext: 130 queries in bins of 0.1 from 0 to 1; 12 below 0.5.' */
function overlapDescription(bins: readonly OverlapBin[]): string {
  const total = bins.reduce((sum, bin) => sum + bin.count, 0);
  const low = bins.filter((bin) => bin.to <= 0.5).reduce((sum, bin) => sum + bin.count, 0);
  const what = "Histogram of the rankings' RBO ext";
  if (total === 0) return `${what}: no query both runs ranked.`;
  return `${what}: ${counted(total, 'query', 'queries')} in bins of 0.1 from 0 (changed most) to 1 (alike); ${formatCount(low)} below 0.5.`;
}
