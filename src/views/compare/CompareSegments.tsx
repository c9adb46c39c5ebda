import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { selectAddress, type ComparePageRef } from '../../machines/compare/compare-page.selectors';
import { selectTable } from '../../machines/runs/run-segments.selectors';
import { compareSegmentHref, type CompareAddress } from '../../domain/compare/compare-address';
import type { RunComparison } from '../../domain/compare/comparison-types';
import { formatDelta, formatInterval, formatPValue } from '../../domain/compare/compare-format';
import { metricLabel } from '../../domain/shared/metric-label';
import { segmentVerdict, type SegmentDelta, type SegmentDeltas } from '../../domain/compare/segment-deltas';
import { parseSegmentParam, segmentChipText, segmentParam } from '../../domain/runs/segments';
import { formatMean } from '../../domain/shared/format-metric';
import { useLogic } from '../shell/logic-context';
import { SegmentKeyChoice, SegmentsFailure } from '../runs/SegmentKeyChoice';
import { chipButton } from '../ui/chip.css';
import * as styles from '../runs/Segments.css';
import { rowHeader } from '../ui/row-header.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';

const selectDeltas = selectTable<SegmentDeltas>;

// The comparison by segment: the active segment of the address (a chip that leads back to every query), and
// the chosen metric's delta per value of a metadata key, each with the comparison's tests on its pairs,
// Holm-corrected across the values, and a verdict in words. Each value leads to the comparison within it.
export function CompareSegments({ page, comparison }: { page: ComparePageRef; comparison: RunComparison }) {
  const address = useSelector(page, selectAddress);
  const segment = parseSegmentParam(address.segment);
  const { baseline, candidate, metric } = comparison;
  return (
    <>
      {segment && (
        <p className={styles.activeChip} aria-label="Active segment filter">
          Segment {segmentChipText(segment)}
          <Link href={compareSegmentHref(address, undefined)} className={chipButton} aria-label="Clear the segment filter">
            ×
          </Link>
        </p>
      )}
      {/* A new panel per pair of runs (the keys are the baseline's); another metric keeps the chosen key. */}
      <SegmentDeltasPanel key={`${baseline.id}:${candidate.id}`} address={address} comparison={comparison} metric={metric} />
    </>
  );
}

function SegmentDeltasPanel({ address, comparison, metric }: { address: CompareAddress; comparison: RunComparison; metric: string }) {
  const logic = useLogic();
  const input = { runId: comparison.baseline.id, against: { candidate: comparison.candidate.id, metric } };
  const segments = useActorRef(logic.compareSegments, { input });
  // The deltas follow the comparison's metric; the machine ignores the one it already has.
  useEffect(() => segments.send({ type: 'comparison.metricChanged', metric }), [segments, metric]);
  const deltas = useSelector(segments, selectDeltas);
  return (
    <section className={styles.panel} aria-labelledby="compare-segments-title">
      <h2 id="compare-segments-title" className={styles.title}>
        Delta by segment
      </h2>
      <SegmentKeyChoice actor={segments} />
      <SegmentsFailure actor={segments} />
      {deltas && <SegmentDeltasTable address={address} deltas={deltas} />}
    </section>
  );
}

function SegmentDeltasTable({ address, deltas }: { address: CompareAddress; deltas: SegmentDeltas }) {
  const columns = [deltas.key, 'Paired queries', 'Baseline', 'Candidate', 'Delta', '95% CI', 'p (randomization)', 'p (Holm)', 'Verdict'];
  return (
    <>
      <TableCard>
        <table className={table.table} aria-label={`${metricLabel(deltas.metric)} delta by ${deltas.key}`}>
          <TableHead columns={columns} />
          <tbody>
            {deltas.segments.map((segment) => (
              <SegmentDeltaRow
                key={segment.value}
                href={compareSegmentHref(address, segmentParam(deltas.key, segment.value))}
                segment={segment}
              />
            ))}
          </tbody>
        </table>
      </TableCard>
      <p className={styles.note}>
        {metricLabel(deltas.metric)}, most negative delta first. Each value&apos;s p-values are the comparison&apos;s tests on its pairs;
        Holm-corrected across the {deltas.segments.length} values shown, significant when under 0.05. Fewer than {deltas.few_queries} paired
        queries: few.
      </p>
    </>
  );
}

function SegmentDeltaRow({ href, segment }: { href: string; segment: SegmentDelta }) {
  return (
    <tr>
      <th scope="row" className={`${rowHeader} ${table.cell}`}>
        <Link href={href}>{segment.value === '' ? '(empty)' : segment.value}</Link>
      </th>
      <td className={table.cell}>
        {segment.paired.toLocaleString('en')}
        {segment.few && <span className={styles.few}> · few queries</span>}
      </td>
      <td className={table.cell}>{formatMean(segment.baseline_mean)}</td>
      <td className={table.cell}>{formatMean(segment.candidate_mean)}</td>
      <td className={table.cell}>{formatDelta(segment.delta)}</td>
      <td className={table.cell}>{formatInterval(segment.ci95)}</td>
      <td className={table.cell}>{formatPValue(segment.p_value_randomization)}</td>
      <td className={table.cell}>{formatPValue(segment.holm_p_value_randomization)}</td>
      <td className={table.cell}>{segmentVerdict(segment)}</td>
    </tr>
  );
}
