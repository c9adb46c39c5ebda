import type { RunComparison } from '../../domain/compare/comparison-types';
import { metricLabel } from '../../domain/shared/metric-label';
import { deltaHistogram } from '../../domain/compare/delta-histogram';
import { counted } from '../../domain/shared/format-count';
import * as styles from './DeltaHistogram.css';

const BOX = { width: 640, height: 180, left: 36, right: 12, top: 8, bottom: 24 };

// How the chosen metric's per-query deltas between two runs spread, regressions left of 0 in red, improvements right
// in green (d3 lays it out in src/domain; React draws it). An image with what it shows as its label; each bar
// names its range and count on hover. The unchanged queries are said, not drawn.
export function DeltaHistogram({ comparison }: { comparison: RunComparison }) {
  const metric = metricLabel(comparison.metric);
  const chart = deltaHistogram(comparison.histogram.bins, comparison.histogram.unchanged, metric, BOX);
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>Per-query {metric} deltas (candidate − baseline)</figcaption>
      <svg className={styles.chart} viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={chart.description}>
        {chart.yTicks.map((tick) => (
          <g key={tick.label}>
            <line className={styles.grid} x1={BOX.left} x2={BOX.width - BOX.right} y1={tick.position} y2={tick.position} />
            <text className={styles.label} x={BOX.left - 6} y={tick.position + 4} textAnchor="end">
              {tick.label}
            </text>
          </g>
        ))}
        {chart.bars.map((bar) => (
          <rect key={bar.x} className={styles.bar[bar.tone]} x={bar.x} y={bar.y} width={bar.width} height={bar.height}>
            <title>{bar.label}</title>
          </rect>
        ))}
        <line className={styles.zero} x1={chart.zeroX} x2={chart.zeroX} y1={BOX.top} y2={chart.floorY} />
        <line className={styles.axis} x1={BOX.left} x2={BOX.width - BOX.right} y1={chart.floorY} y2={chart.floorY} />
        {chart.xTicks.map((tick) => (
          <text key={tick.label} className={styles.label} x={tick.position} y={BOX.height - 6} textAnchor="middle">
            {tick.label}
          </text>
        ))}
      </svg>
      <p className={styles.note}>{counted(comparison.histogram.unchanged, 'unchanged query', 'unchanged queries')} (delta 0), not drawn.</p>
    </figure>
  );
}
