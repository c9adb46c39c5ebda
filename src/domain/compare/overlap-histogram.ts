/**
 * The histogram of how alike the two rankings of each query are: the server's 10 bins of RBO_ext over [0, 1] laid out
 * with d3 scales in a width × height box; React draws it. Left: rankings that changed most. Pure.
 */
import { scaleLinear } from 'd3';
import type { OverlapBin } from './comparison-types';
import type { HistogramBox } from './delta-histogram';
import { counted, formatCount } from '../shared/format-count';

type OverlapBar = { x: number; y: number; width: number; height: number; label: string };
type Tick = { position: number; label: string };

export type OverlapHistogram = {
  bars: OverlapBar[];
  xTicks: Tick[];
  yTicks: Tick[];
  floorY: number;
  /** What the chart shows, for screen readers (the svg's label). */
  description: string;
};

/** A bin's hover text: 'RBO 0.90 to 1.00: 3 queries'. */
const overlapBinLabel = (bin: OverlapBin): string =>
  `RBO ${bin.from.toFixed(2)} to ${bin.to.toFixed(2)}: ${counted(bin.count, 'query', 'queries')}`;

export function overlapHistogram(bins: readonly OverlapBin[], box: HistogramBox): OverlapHistogram {
  const most = Math.max(1, ...bins.map((bin) => bin.count));
  const x = scaleLinear()
    .domain([0, 1])
    .range([box.left, box.width - box.right]);
  const y = scaleLinear()
    .domain([0, most])
    .range([box.height - box.bottom, box.top])
    .nice();
  const floorY = y(0);
  const bars = bins
    .filter((bin) => bin.count > 0)
    .map((bin) => ({
      x: x(bin.from),
      width: Math.max(1, x(bin.to) - x(bin.from) - 1),
      y: y(bin.count),
      height: floorY - y(bin.count),
      label: overlapBinLabel(bin),
    }));
  const xTicks = [0, 0.25, 0.5, 0.75, 1].map((value) => ({ position: x(value), label: String(value) }));
  const yTicks = y
    .ticks(Math.min(4, most))
    .filter(Number.isInteger)
    .map((value) => ({ position: y(value), label: formatCount(value) }));
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
