import { lazy, Suspense } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { monthlyActivity, placeholderCounts } from '../../fixtures/dashboard';
import { selectCounts, selectDashboardError, selectHasFailed, selectIsLoading } from '../../machines/dashboard/dashboard.selectors';
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

// The dashboard (/): the four cards with counts and the two charts.
export function DashboardPage() {
  const logic = useLogic();
  const dashboard = useActorRef(logic.dashboard, { input: { placeholders: placeholderCounts } });
  const loading = useSelector(dashboard, selectIsLoading);
  const failed = useSelector(dashboard, selectHasFailed);
  const counts = useSelector(dashboard, selectCounts);
  const error = useSelector(dashboard, selectDashboardError);

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
      {failed && (
        <LoadFailure onRetry={() => dashboard.send({ type: 'user.retry' })}>Failed to fetch the dashboard counts. {error}</LoadFailure>
      )}
      {counts && (
        <>
          <ul className={styles.cards} aria-label="Counts">
            {[
              { label: 'Datasets', count: counts.datasets, href: '/datasets' },
              { label: 'Dataset Entries', count: counts.datasetEntries, href: '/dataset-entries' },
              { label: 'Golden Sets', count: counts.goldenSets, href: '/golden-sets' },
              { label: 'Evaluations', count: counts.evaluations, href: '/evaluations', sample: true },
            ].map((card) => (
              <li key={card.href}>
                <Link href={card.href} className={styles.card}>
                  <span className={styles.cardLabel}>{card.label}</span>
                  <span className={styles.cardCount}>{formatCount(card.count)}</span>
                </Link>
                {card.sample && <span className={styles.sampleNote}>Sample data</span>}
              </li>
            ))}
          </ul>
          <Suspense
            fallback={
              <p className={statusMessage} role="status">
                Loading charts...
              </p>
            }
          >
            <DashboardCharts activity={monthlyActivity} counts={counts} />
          </Suspense>
        </>
      )}
    </div>
  );
}
