import { lazy, Suspense } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import {
  selectActivity,
  selectActivityError,
  selectActivityFailed,
  selectCounts,
  selectCountsError,
  selectCountsFailed,
  selectIsLoading,
} from '../../machines/dashboard/dashboard.selectors';
import * as styles from './DashboardPage.css';
import { useLogic } from '../shell/logic-context';
import * as pageStyles from '../ui/page.css';
import { statusMessage } from '../ui/status.css';
import { formatCount } from '../../domain/shared/format-count';
import { LoadFailure } from '../ui/LoadFailure';
import { GettingStarted } from './GettingStarted';
import { DemoDataPanel } from '../admin/DemoDataPanel';

// d3 and the charts are a chunk of their own, fetched when the dashboard first shows them.
const DashboardCharts = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.DashboardCharts })));

// The dashboard (/): the four cards with the server's counts, Monthly Activity (the server's months) and the
// counts' pie. Each chart shows once its data is there; a failure of either load says so and is retried alone.
export function DashboardPage() {
  const logic = useLogic();
  const dashboard = useActorRef(logic.dashboard);
  const loading = useSelector(dashboard, selectIsLoading);
  const countsFailed = useSelector(dashboard, selectCountsFailed);
  const activityFailed = useSelector(dashboard, selectActivityFailed);
  const counts = useSelector(dashboard, selectCounts);
  const activity = useSelector(dashboard, selectActivity);
  const countsError = useSelector(dashboard, selectCountsError);
  const activityError = useSelector(dashboard, selectActivityError);

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Dashboard</h1>
      </div>
      <GettingStarted />
      <DemoDataPanel />
      {loading && (
        <p className={statusMessage} role="status">
          Loading dashboard...
        </p>
      )}
      {countsFailed && (
        <LoadFailure onRetry={() => dashboard.send({ type: 'user.retry' })}>
          Failed to fetch the dashboard counts. {countsError}
        </LoadFailure>
      )}
      {activityFailed && (
        <LoadFailure className={styles.failure} onRetry={() => dashboard.send({ type: 'user.retryActivity' })}>
          Failed to fetch the monthly activity. {activityError}
        </LoadFailure>
      )}
      {counts && (
        <ul className={styles.cards} aria-label="Counts">
          {[
            { label: 'Datasets', count: counts.datasets, href: '/datasets' },
            { label: 'Dataset Entries', count: counts.datasetEntries, href: '/dataset-entries' },
            { label: 'Golden Sets', count: counts.goldenSets, href: '/golden-sets' },
            { label: 'Evaluations', count: counts.evaluations, href: '/evaluations' },
          ].map((card) => (
            <li key={card.href}>
              <Link href={card.href} className={styles.card}>
                <span className={styles.cardLabel}>{card.label}</span>
                <span className={styles.cardCount}>{formatCount(card.count)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {(counts || activity) && (
        <Suspense
          fallback={
            <p className={statusMessage} role="status">
              Loading charts...
            </p>
          }
        >
          <DashboardCharts activity={activity} counts={counts} />
        </Suspense>
      )}
    </div>
  );
}
