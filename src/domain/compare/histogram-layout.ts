/**
 * What the comparison's histograms share: bins laid out with d3 scales in a width × height box, a bar for each
 * bin that holds any query (a hairline apart), counts up the left. Pure.
 */
import { scaleLinear } from 'd3';
import { formatCount } from '../shared/format-count';

export type HistogramBox = { width: number; height: number; left: number; right: number; top: number; bottom: number };
export type HistogramTick = { position: number; label: string };
type Bin = { from: number; to: number; count: number };

/** The bars of `bins` on an x scale over `domain`, each with its bin; the y of their foot; the count ticks; the x scale. */
export function histogramLayout<B extends Bin>(bins: readonly B[], domain: [number, number], box: HistogramBox) {
  const most = Math.max(1, ...bins.map((bin) => bin.count));
  const x = scaleLinear()
    .domain(domain)
    .range([box.left, box.width - box.right]);
  const y = scaleLinear()
    .domain([0, most])
    .range([box.height - box.bottom, box.top])
    .nice();
  const floorY = y(0);
  const bars = bins
    .filter((bin) => bin.count > 0)
    .map((bin) => ({
      bin,
      x: x(bin.from),
      width: Math.max(1, x(bin.to) - x(bin.from) - 1),
      y: y(bin.count),
      height: floorY - y(bin.count),
    }));
  const yTicks: HistogramTick[] = y
    .ticks(Math.min(4, most))
    .filter(Number.isInteger)
    .map((value) => ({ position: y(value), label: formatCount(value) }));
  return { x, floorY, bars, yTicks };
}
