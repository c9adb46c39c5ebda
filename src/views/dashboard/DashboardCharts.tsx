import { useEffect, useId, useRef } from 'react';
import { arc, axisBottom, axisLeft, max, pie, scaleBand, scaleLinear, select } from 'd3';
import type { DashboardCounts } from '../../machines/dashboard/dashboard.machine';
import { activitySeries, monthLabel, type ActivityMonth, type CountKey } from '../../domain/dashboard/monthly-activity';
import * as styles from './DashboardPage.css';
import { formatCount } from '../../domain/shared/format-count';

const width = 480;
const height = 280;
const margin = { top: 16, right: 16, bottom: 32, left: 40 };

// The dashboard (/): 'Monthly Activity' (grouped bars of what was made each month) and 'Dataset Distribution'
// (pie of the five counts), drawn by d3 into refs from the data they are given, each once its data is there. Each
// has a title, a legend and, for the bars, a table as its text alternative.
export function DashboardCharts({ activity, counts }: { activity: ActivityMonth[] | null; counts: DashboardCounts | null }) {
  return (
    <div className={styles.charts}>
      {activity && activity.length > 0 && <BarChart activity={activity} />}
      {counts && <PieChart slices={distributionOf(counts)} />}
    </div>
  );
}

const distributionOf = (counts: DashboardCounts): Slice[] => [
  { key: 'datasets', label: 'Datasets', value: counts.datasets },
  { key: 'datasetEntries', label: 'Dataset Entries', value: counts.datasetEntries },
  { key: 'goldenSets', label: 'Golden Sets', value: counts.goldenSets },
  { key: 'evaluations', label: 'Evaluations', value: counts.evaluations },
  { key: 'experiments', label: 'Experiments', value: counts.experiments },
];

function BarChart({ activity }: { activity: ActivityMonth[] }) {
  const ref = useRef<SVGGElement>(null);
  const titleId = useId();

  // Drawing only: d3 owns the SVG below this ref.
  useEffect(() => {
    const months = activity.map((row) => row.month);
    const x = scaleBand()
      .domain(months)
      .range([margin.left, width - margin.right])
      .padding(0.2);
    const inner = scaleBand<string>()
      .domain(activitySeries.map((series) => series.field))
      .range([0, x.bandwidth()])
      .padding(0.05);
    // A quiet half-year still has an axis to 1, not a flat line at 0.
    const top = Math.max(1, max(activity, (row) => max(activitySeries, (series) => row[series.field])) ?? 0);
    const y = scaleLinear()
      .domain([0, top])
      .nice()
      .range([height - margin.bottom, margin.top]);
    const root = select(ref.current!);
    root.selectAll('*').remove();
    root
      .append('g')
      .attr('transform', `translate(0,${height - margin.bottom})`)
      .call(axisBottom(x).tickFormat(monthLabel));
    root
      .append('g')
      .attr('transform', `translate(${margin.left},0)`)
      .call(axisLeft(y).ticks(Math.min(5, top), 'd'));
    root
      .append('g')
      .selectAll('g')
      .data(activity)
      .join('g')
      .attr('transform', (row) => `translate(${x(row.month)},0)`)
      .selectAll('rect')
      .data((row) => activitySeries.map((series) => ({ series, value: row[series.field] })))
      .join('rect')
      .attr('x', (bar) => inner(bar.series.field)!)
      .attr('y', (bar) => y(bar.value))
      .attr('width', inner.bandwidth())
      .attr('height', (bar) => y(0) - y(bar.value))
      .attr('fill', (bar) => styles.series[bar.series.count]);
  }, [activity]);

  return (
    <figure className={styles.chart}>
      <figcaption>
        <h2 id={titleId} className={styles.chartTitle}>
          Monthly Activity
        </h2>
      </figcaption>
      <svg className={styles.svg} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId}>
        <g ref={ref} />
      </svg>
      <Legend items={activitySeries.map((series) => ({ key: series.count, label: series.label }))} />
      <table className={styles.visuallyHidden}>
        <caption>
          Monthly Activity, {monthLabel(activity[0].month)} to {monthLabel(activity[activity.length - 1].month)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {activitySeries.map((series) => (
              <th key={series.field} scope="col">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {activity.map((row) => (
            <tr key={row.month}>
              <th scope="row">{monthLabel(row.month)}</th>
              {activitySeries.map((series) => (
                <td key={series.field}>{row[series.field]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

type Slice = { key: CountKey; label: string; value: number };

function PieChart({ slices }: { slices: Slice[] }) {
  const ref = useRef<SVGGElement>(null);
  const titleId = useId();
  const size = 280;

  useEffect(() => {
    const radius = size / 2 - 8;
    const arcs = pie<Slice>()
      .sort(null)
      .value((slice) => slice.value)(slices);
    const shape = arc<(typeof arcs)[number]>().innerRadius(0).outerRadius(radius);
    const root = select(ref.current!);
    root.selectAll('*').remove();
    root
      .attr('transform', `translate(${size / 2},${size / 2})`)
      .selectAll('path')
      .data(arcs)
      .join('path')
      .attr('d', shape)
      .attr('fill', (slice) => styles.series[slice.data.key])
      .attr('stroke', 'white')
      .attr('stroke-width', 1);
  }, [slices]);

  return (
    <figure className={styles.chart}>
      <figcaption>
        <h2 id={titleId} className={styles.chartTitle}>
          Dataset Distribution
        </h2>
      </figcaption>
      <svg className={styles.svg} viewBox={`0 0 ${size} ${size}`} role="img" aria-labelledby={titleId}>
        <g ref={ref} />
      </svg>
      <Legend items={slices.map((slice) => ({ key: slice.key, label: `${slice.label}: ${formatCount(slice.value)}` }))} />
    </figure>
  );
}

function Legend({ items }: { items: Array<{ key: CountKey; label: string }> }) {
  return (
    <ul className={styles.legend} aria-label="Legend">
      {items.map(({ key, label }) => (
        <li key={key} className={styles.legendItem} data-series={key}>
          <span className={`${styles.swatch} ${styles.swatches[key]}`} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}
