import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import type { pagedListMachine } from '../../machines/shared/paged-list.machine';
import { selectFilterValue } from '../../machines/shared/paged-list.selectors';
import { selectTable } from '../../machines/runs/run-segments.selectors';
import {
  formatMeanInterval,
  parseSegmentParam,
  segmentChipText,
  segmentResultsHref,
  type SegmentMeans,
  type SegmentSummary,
} from '../../domain/runs/segments';
import { formatMean, orderedMetrics } from '../../domain/shared/format-metric';
import { metricLabel } from '../../domain/shared/metric-label';
import { counted } from '../../domain/shared/format-count';
import { useLogic } from '../shell/logic-context';
import { rowHeader } from '../ui/row-header.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';
import { chipButton } from '../ui/chip.css';
import * as styles from './Segments.css';
import { SegmentKeyChoice, SegmentsFailure } from './SegmentKeyChoice';

const selectSegment = selectFilterValue('segment');
const selectMeans = selectTable<SegmentMeans>;

// A run's results by segment: the active segment filter of the results below (a chip that clears it), and the
// Segments panel: a metadata key of the run's entries chosen, each of its values with its queries and means,
// worst first, linking to the results of that value. A value with few queries says so, with its interval.
export function RunSegments({ runId, list }: { runId: number; list: ActorRefFrom<typeof pagedListMachine> }) {
  const segment = parseSegmentParam(useSelector(list, selectSegment) || undefined);
  return (
    <>
      {segment && (
        <p className={styles.activeChip} aria-label="Active segment filter">
          Segment {segmentChipText(segment)}
          <button
            type="button"
            className={chipButton}
            aria-label="Clear the segment filter"
            onClick={() => list.send({ type: 'user.filterChanged', name: 'segment', value: '' })}
          >
            ×
          </button>
        </p>
      )}
      <RunSegmentsPanel runId={runId} />
    </>
  );
}

function RunSegmentsPanel({ runId }: { runId: number }) {
  const logic = useLogic();
  const segments = useActorRef(logic.runSegments, { input: { runId } });
  const means = useSelector(segments, selectMeans);
  return (
    <section className={styles.panel} aria-labelledby={`run-${runId}-segments`}>
      <h2 id={`run-${runId}-segments`} className={styles.title}>
        Segments
      </h2>
      <SegmentKeyChoice actor={segments} />
      <SegmentsFailure actor={segments} />
      {means && <SegmentMeansTable runId={runId} means={means} />}
    </section>
  );
}

function SegmentMeansTable({ runId, means }: { runId: number; means: SegmentMeans }) {
  const metrics = orderedMetrics(means.segments.find((s) => Object.keys(s.mean_metrics).length > 0)?.mean_metrics ?? {}).map(
    ([name]) => name,
  );
  const columns = [means.key, 'Queries', ...metrics.map(metricLabel)];
  const label = `Means by ${means.key}`;
  return (
    <>
      <TableCard>
        <table className={table.table} aria-label={label}>
          <TableHead columns={columns} />
          <tbody>
            {means.segments.map((segment) => (
              <SegmentRow key={segment.value} runId={runId} means={means} segment={segment} metrics={metrics} />
            ))}
          </tbody>
        </table>
      </TableCard>
      <p className={styles.note}>
        Worst {means.metric ? metricLabel(means.metric) : 'mean'} first. Means over each value&apos;s scored queries (each query once), as
        the run&apos;s own. Fewer than {means.few_queries} queries: few, read with the 95% interval.
        {means.without_value > 0 && ` ${counted(means.without_value, 'result has', 'results have')} no ${means.key}.`}
      </p>
    </>
  );
}

function SegmentRow({
  runId,
  means,
  segment,
  metrics,
}: {
  runId: number;
  means: SegmentMeans;
  segment: SegmentSummary;
  metrics: string[];
}) {
  return (
    <tr>
      <th scope="row" className={`${rowHeader} ${table.cell}`}>
        <Link href={segmentResultsHref(runId, means.key, segment.value)}>{segment.value === '' ? '(empty)' : segment.value}</Link>
      </th>
      <td className={table.cell}>
        {segment.counted.toLocaleString('en')}
        {segment.few && <span className={styles.few}> · few queries</span>}
      </td>
      {metrics.map((name) => (
        <td key={name} className={table.cell}>
          {segment.mean_metrics[name] === undefined ? '—' : formatMean(segment.mean_metrics[name])}
          {name === means.metric && segment.few && segment.ci95 && (
            <span className={styles.few}> (95% CI {formatMeanInterval(segment.ci95)})</span>
          )}
        </td>
      ))}
    </tr>
  );
}
