import { Link } from 'wouter';
import { FILTER_LABELS, rowHref, type CompareAddress } from '../../domain/compare/compare-address';
import type { ComparisonFilter, RunComparison } from '../../domain/compare/comparison-types';
import { deltaTone, formatDelta, noRowsText, overlapMeasures, rowOverlaps } from '../../domain/compare/compare-format';
import { metricLabel } from '../../domain/shared/metric-label';
import { formatMean } from '../../domain/shared/format-metric';
import * as styles from './CompareResultsTable.css';
import { button } from '../ui/button.css';
import { statusMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';

const value = (score: number | null) => (score === null ? '—' : formatMean(score));

// One page of queries: both runs' value of the chosen metric and the delta (signed, and coloured by which way
// it went), and how alike the two rankings are (dashes on a query only one run ranked). A query both runs have opens side by side; one only a run has opens that result's details.
export function CompareResultsTable(props: { comparison: RunComparison; address: CompareAddress; filter: ComparisonFilter }) {
  const { comparison, address, filter } = props;
  const rows = comparison.results;
  if (rows.length === 0)
    return (
      <p className={statusMessage} role="status">
        {noRowsText(filter, address.search, address.page)}
      </p>
    );
  const metric = metricLabel(comparison.metric);
  const { k } = comparison.overlap;
  const overlapLabels = overlapMeasures(k).map(({ label }) => label);
  return (
    <TableCard>
      <table className={table.table} aria-label={`${FILTER_LABELS[filter]} queries by ${metric}`}>
        <TableHead columns={['Query', `Baseline ${metric}`, `Candidate ${metric}`, 'Delta', ...overlapLabels, 'Actions']} />
        <tbody>
          {rows.map((row) => {
            const paired = row.baseline_result_id !== null && row.candidate_result_id !== null;
            return (
              <tr key={`${row.baseline_result_id}-${row.candidate_result_id}`}>
                <td className={table.cell}>{row.query}</td>
                <td className={`${table.cell} ${styles.number}`}>{value(row.baseline)}</td>
                <td className={`${table.cell} ${styles.number}`}>{value(row.candidate)}</td>
                <td className={`${table.cell} ${styles.number} ${styles.delta[deltaTone(row.delta)]}`}>{formatDelta(row.delta)}</td>
                {rowOverlaps(row, k).map((text, n) => (
                  <td key={overlapLabels[n]} className={`${table.cell} ${styles.number}`}>
                    {text}
                  </td>
                ))}
                <td className={table.cell}>
                  <Link
                    href={rowHref(row, comparison.metric)}
                    className={button({ tone: 'secondary', size: 'small' })}
                    aria-label={`${paired ? 'Side by side' : 'Details'}: ${row.query}`}
                  >
                    {paired ? 'Side by side' : 'Details'}
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableCard>
  );
}
