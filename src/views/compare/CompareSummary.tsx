import type { MetricComparison, RunComparison } from '../../domain/compare/comparison-types';
import {
  formatDelta,
  formatInterval,
  formatPValue,
  formatRelativeDelta,
  formatWinsTiesLosses,
  isSignificant,
  metricLabel,
} from '../../domain/compare/compare-format';
import { formatMean } from '../../domain/shared/format-metric';
import { counted } from '../../domain/shared/format-count';
import * as styles from './CompareSummary.css';
import { rowHeader } from '../ui/row-header.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';

const COLUMNS = [
  'Metric',
  'Baseline',
  'Candidate',
  'Delta',
  'Relative',
  '95% CI',
  'p (t-test)',
  'p (randomization)',
  'Wins / Ties / Losses',
];

// The comparison's summary: per metric both runs have, the two means over the paired queries, the difference and
// whether it is more than chance (both two-sided paired tests); a significant p-value is bold and says so.
export function CompareSummary({ comparison }: { comparison: RunComparison }) {
  return (
    <section className={styles.summary} aria-labelledby="compare-summary-title">
      <h2 id="compare-summary-title" className={styles.title}>
        Summary
      </h2>
      {comparison.metrics.length === 0 ? (
        <p className={styles.note}>The runs have no metric in common.</p>
      ) : (
        <TableCard label="Summary table">
          <table className={table.table} aria-labelledby="compare-summary-title">
            <TableHead columns={COLUMNS} />
            <tbody>
              {comparison.metrics.map((metric) => (
                <MetricRow key={metric.name} metric={metric} chosen={metric.name === comparison.metric} />
              ))}
            </tbody>
          </table>
        </TableCard>
      )}
      <p className={styles.note}>
        Means and tests over the {counted(comparison.paired, 'paired query', 'paired queries')}; significant: p &lt; 0.05. Wins / Ties /
        Losses: queries the candidate scored higher / the same / lower.
      </p>
    </section>
  );
}

function MetricRow({ metric, chosen }: { metric: MetricComparison; chosen: boolean }) {
  return (
    <tr className={chosen ? styles.chosen : undefined}>
      <th scope="row" className={`${table.cell} ${rowHeader}`} title={metric.name}>
        {metricLabel(metric.name)}
      </th>
      <td className={`${table.cell} ${styles.number}`}>{formatMean(metric.baseline_mean)}</td>
      <td className={`${table.cell} ${styles.number}`}>{formatMean(metric.candidate_mean)}</td>
      <td className={`${table.cell} ${styles.number}`}>{formatDelta(metric.delta)}</td>
      <td className={`${table.cell} ${styles.number}`}>{formatRelativeDelta(metric.relative_delta)}</td>
      <td className={`${table.cell} ${styles.number}`}>{formatInterval(metric.ci95)}</td>
      <PValue p={metric.p_value_t} />
      <PValue p={metric.p_value_randomization} />
      <td className={`${table.cell} ${styles.number}`}>{formatWinsTiesLosses(metric)}</td>
    </tr>
  );
}

function PValue({ p }: { p: number | null }) {
  if (!isSignificant(p)) return <td className={`${table.cell} ${styles.number}`}>{formatPValue(p)}</td>;
  return (
    <td className={`${table.cell} ${styles.number} ${styles.significant}`}>
      {formatPValue(p)} <span className={styles.significantLabel}>significant</span>
    </td>
  );
}
