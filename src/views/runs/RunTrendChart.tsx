import { Link } from 'wouter';
import { TREND_LABELS, TREND_METRICS, trendOf, type TrendMetric } from '../../domain/runs/run-trend';
import type { ListedRun } from '../../domain/experiments/workbench-types';
import * as backendStyles from '../experiments/BackendPages.css';
import * as styles from './ExperimentRunsPage.css';

const WIDTH = 640;
const HEIGHT = 230;

// One mean metric over the experiment's runs, oldest to newest (d3 scales and line), a named group
// (an image may not hold links); each point links to its run's results and names it for screen readers and on hover.
// The x axis reads the runs' numbers under their points ("Run number"), the y axis the metric's name.
export function RunTrendChart(props: { runs: readonly ListedRun[]; metric: TrendMetric; onChoose(metric: TrendMetric): void }) {
  const trend = trendOf(props.runs, props.metric, WIDTH, HEIGHT);
  const { box } = trend;
  return (
    <section className={backendStyles.card} aria-label="Trend">
      <label className={backendStyles.filterLabel}>
        Trend of{' '}
        <select
          className={backendStyles.select}
          value={props.metric}
          onChange={(event) => props.onChoose(event.target.value as TrendMetric)}
        >
          {TREND_METRICS.map((metric) => (
            <option key={metric} value={metric}>
              {`Mean ${TREND_LABELS[metric]}`}
            </option>
          ))}
        </select>
      </label>
      {trend.points.length === 0 ? (
        <p className={backendStyles.notice}>No run has scored queries yet.</p>
      ) : (
        <svg
          className={styles.chart}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="group"
          aria-label={`Mean ${TREND_LABELS[props.metric]} by run`}
        >
          {trend.ticks.map((tick) => (
            <g key={tick.label}>
              <line className={styles.chartAxis} x1={box.left} x2={box.right} y1={tick.y} y2={tick.y} />
              <text className={styles.chartLabel} x={box.left - 4} y={tick.y + 4} textAnchor="end">
                {tick.label}
              </text>
            </g>
          ))}
          {trend.runTicks.map((tick) => (
            <text key={tick.x} className={styles.chartLabel} x={tick.x} y={box.bottom + 16} textAnchor="middle">
              {tick.label}
            </text>
          ))}
          <text className={styles.chartTitle} x={(box.left + box.right) / 2} y={HEIGHT - 4} textAnchor="middle">
            Run number
          </text>
          <text className={styles.chartTitle} transform={`translate(14 ${(box.top + box.bottom) / 2}) rotate(-90)`} textAnchor="middle">
            {trend.metricTitle}
          </text>
          <path className={styles.chartLine} d={trend.path} />
          {trend.points.map((point) => (
            <Link key={point.runId} href={`/experiment-run-results/${point.runId}`} aria-label={point.label}>
              <circle className={styles.chartPoint} cx={point.x} cy={point.y} r={5}>
                <title>{point.label}</title>
              </circle>
            </Link>
          ))}
        </svg>
      )}
    </section>
  );
}
