import type { MetricComparison, RunComparison } from '../../domain/compare/comparison-types';
import {
  formatDelta,
  formatInterval,
  formatPValue,
  formatRelativeDelta,
  formatWinsTiesLosses,
  isSignificant,
  VERDICT_TEXT,
  VERDICT_TONE,
  verdictOf,
} from '../../domain/compare/compare-format';
import { metricLabel } from '../../domain/shared/metric-label';
import type { StatusTone } from '../../domain/shared/status-colours';
import { formatMean } from '../../domain/shared/format-metric';
import { counted } from '../../domain/shared/format-count';
import * as styles from './CompareSummary.css';
import { rowHeader } from '../ui/row-header.css';
import { statusBadge, statusBadgeTone } from '../ui/status-badge.css';
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
  'Verdict',
];

// The comparison's summary: per metric both runs have, the two means over the paired queries, the difference and
// whether it is more than chance (both two-sided paired tests); a significant p-value is bold and says so. The
// verdict says it in words and colour: a significant regression red, a significant improvement green.
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
        Losses: queries the candidate scored higher / the same / lower. Verdict: significant when both tests are.
      </p>
    </section>
  );
}

function MetricRow({ metric, chosen }: { metric: MetricComparison; chosen: boolean }) {
  const verdict = verdictOf(metric);
  const tone = VERDICT_TONE[verdict];
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
      <PValue p={metric.p_value_t} tone={tone} />
      <PValue p={metric.p_value_randomization} tone={tone} />
      <td className={`${table.cell} ${styles.number}`}>{formatWinsTiesLosses(metric)}</td>
      <td className={table.cell}>
        <span className={`${statusBadge} ${statusBadgeTone[tone]}`}>{VERDICT_TEXT[verdict]}</span>
      </td>
    </tr>
  );
}

/** A significant p-value's label takes the verdict's colour: red for worse, green for better, grey when the tests disagree. */
function PValue({ p, tone }: { p: number | null; tone: StatusTone }) {
  if (!isSignificant(p)) return <td className={`${table.cell} ${styles.number}`}>{formatPValue(p)}</td>;
  return (
    <td className={`${table.cell} ${styles.number} ${styles.significant}`}>
      {formatPValue(p)} <span className={`${styles.significantLabel} ${statusBadgeTone[tone]}`}>significant</span>
    </td>
  );
}
