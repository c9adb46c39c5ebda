import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { resourceMachine } from '../../machines/shared/resource.machine';
import { selectData, selectResourceView } from '../../machines/shared/resource.selectors';
import type { RunSummary } from '../../domain/experiments/evaluation-backend-types';
import { formatMean, orderedMetrics } from '../../domain/shared/format-metric';
import { metricLabel } from '../../domain/shared/metric-label';
import { formatMeanBasis, formatRunCounts } from '../../domain/runs/run-status';
import { errorMessage } from '../ui/status.css';
import * as styles from './RunResultsPage.css';

/** A record with a run's summary: a run, or an evaluation (whose summary comes once it is scored). */
type Summarised = { summary?: RunSummary };

const selectSummary = (snapshot: Parameters<typeof selectData>[0]) => selectData<Summarised>(snapshot)?.summary;

/**
 * The mean of each metric over the counted queries, four decimals as `npm run metrics` prints them, and the counts
 * with the queries the means are over: a run's results page and an evaluation's page.
 */
export function MeanMetrics({
  titleId,
  actor,
  failure,
}: {
  titleId: string;
  actor: ActorRefFrom<typeof resourceMachine>;
  failure: string;
}) {
  const view = useSelector(actor, selectResourceView);
  const summary = useSelector(actor, selectSummary);

  return (
    <section className={styles.summary} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.summaryTitle}>
        Mean metrics
      </h2>
      {view === 'loading' && <p className={styles.note}>Loading...</p>}
      {view === 'failed' && (
        <p className={errorMessage} role="alert">
          {failure}
        </p>
      )}
      {view === 'loaded' &&
        (summary === undefined || Object.keys(summary.mean_metrics).length === 0 ? (
          <p className={styles.note}>No results yet.</p>
        ) : (
          <dl className={styles.metrics} aria-label="Mean metrics">
            {orderedMetrics(summary.mean_metrics).map(([name, value]) => (
              <div key={name} className={styles.metric}>
                <dt className={styles.term}>{metricLabel(name)}</dt>
                <dd className={styles.metricValue}>{formatMean(value)}</dd>
              </div>
            ))}
          </dl>
        ))}
      {view === 'loaded' && summary !== undefined && (
        <>
          <p className={styles.counts}>{formatRunCounts(summary)}</p>
          {formatMeanBasis(summary) && <p className={styles.counts}>{formatMeanBasis(summary)}</p>}
        </>
      )}
    </section>
  );
}
