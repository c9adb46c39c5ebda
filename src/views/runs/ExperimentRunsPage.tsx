import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import type { compareSelectionMachine } from '../../machines/compare/compare-selection.machine';
import {
  selectCanCompare,
  selectCanHideDifferences,
  selectCanShowDifferences,
  selectCompareHint,
  selectDifferences,
  selectIsFull,
  selectSelectedIds,
} from '../../machines/compare/compare-selection.selectors';
import {
  selectCompareSelection,
  selectExperiment,
  selectMissing,
  selectNotFound,
  selectPageCoverage,
  selectRunList,
  selectRunProgress,
  selectTrendMetric,
} from '../../machines/runs/experiment-runs-page.selectors';
import type { resourceMachine } from '../../machines/shared/resource.machine';
import { selectData, selectResourceView } from '../../machines/shared/resource.selectors';
import { selectWatchedRun } from '../../machines/runs/run-progress.selectors';
import { formatDateTime } from '../../domain/shared/format-date';
import { formatMean } from '../../domain/shared/format-metric';
import { metricLabel } from '../../domain/shared/metric-label';
import { meanOf, OUTCOMES_HEADING, outcomesText, TREND_METRICS, TREND_LABELS } from '../../domain/runs/run-trend';
import type { ExperimentDetails, ListedRun } from '../../domain/experiments/workbench-types';
import { isActiveRun, withLatestRun } from '../../domain/runs/run-status';
import { runLabel, runNumberText } from '../../domain/runs/run-label';
import { targetParts } from '../../domain/runs/run-target';
import { experimentRunStatusTone } from '../../domain/shared/status-colours';
import { messages } from '../ui/backend-messages';
import * as styles from './ExperimentRunsPage.css';
import { useLogic } from '../shell/logic-context';
import { ExperimentOverview } from '../experiments/ExperimentOverview';
import { SchedulePanel } from '../automation/SchedulePanel';
import { AlertsPanel } from '../automation/AlertsPanel';
import { RunProgressPanel, type RunProgressRef } from './RunProgressPanel';
import { RunDifferences } from './RunDifferences';
import { RunTags } from './RunTags';
import { RunTrendChart } from './RunTrendChart';
import { button } from '../ui/button.css';
import { listLink } from '../ui/link.css';
import * as pageStyles from '../ui/page.css';
import { statusBadge, statusBadgeTone } from '../ui/status-badge.css';
import { errorMessage, statusMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import { TableHead } from '../ui/TableHead';
import { TableCard } from '../ui/TableCard';
import { LoadFailure } from '../ui/LoadFailure';
import { DemoBadge } from '../ui/DemoBadge';
import { StatusMessage } from '../ui/StatusMessage';

const selectRuns = selectData<ListedRun[]>;
const selectExperimentData = selectData<ExperimentDetails>;

// /experiment-runs/{id} (id is an experiment): every run of the experiment (one call: the server does not
// page them); status success green, failed red, anything else grey. Above the table, the experiment (what it
// uses, its coverage, Edit), Run experiment with its tags — enabled only when it can run — the live progress
// of the run being watched, and a trend of a mean over the runs; a failed run's error under its status, each
// run's means and outcomes beside it. Each run is named by its number in the experiment (#1, #2, …; its id is in
// its address), with its tags and what its search target asked (method, URL, body). A finished run's checkbox
// chooses it for Compare (two at most), which opens the comparison with the older run as the baseline; with two
// checked, Show differences lists what differs between their configurations. Below the runs, once the experiment
// has loaded, its schedule and its alerts on scheduled runs.
export function ExperimentRunsPage({ id }: { id: number | null }) {
  const logic = useLogic();
  const page = useActorRef(logic.experimentRunsPage, { input: { experimentId: id } });
  const notFound = useSelector(page, selectNotFound);
  const missing = useSelector(page, selectMissing);
  const list = useSelector(page, selectRunList);
  const progress = useSelector(page, selectRunProgress);
  const experiment = useSelector(page, selectExperiment);
  const coverage = useSelector(page, selectPageCoverage);
  const trendMetric = useSelector(page, selectTrendMetric);
  const selection = useSelector(page, selectCompareSelection);
  const experimentData = useSelector(experiment, selectExperimentData);
  const blockers = experimentData?.run_blockers;
  const runs = useSelector(list, selectRuns);
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Experiment Runs</h1>
        <Link href="/experiments" className={button({ tone: 'secondary' })}>
          Back to Experiments
        </Link>
      </div>
      {notFound || missing ? (
        <p className={errorMessage} role="alert">
          {notFound ? messages.invalidExperimentId : messages.experimentNotFound}
        </p>
      ) : (
        <div className={styles.sections}>
          <ExperimentOverview experiment={experiment} coverage={coverage} />
          {/* Until the experiment has loaded, whether it can run is not known: the server decides on a click. */}
          <RunProgressPanel progress={progress} blocked={(blockers ?? []).length > 0} />
          {runs && runs.length > 0 && (
            <RunTrendChart runs={runs} metric={trendMetric} onChoose={(metric) => page.send({ type: 'user.chooseTrendMetric', metric })} />
          )}
          <RunsTable experimentId={id} list={list} progress={progress} selection={selection} />
          {id !== null && experimentData && (
            <>
              <SchedulePanel experimentId={id} />
              <AlertsPanel experimentId={id} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

function RunsTable(props: {
  experimentId: number | null;
  list: ActorRefFrom<typeof resourceMachine>;
  progress: RunProgressRef;
  selection: ActorRefFrom<typeof compareSelectionMachine>;
}) {
  const { experimentId, list: actor, selection } = props;
  const selected = useSelector(selection, selectSelectedIds);
  const full = useSelector(selection, selectIsFull);
  const canCompare = useSelector(selection, selectCanCompare);
  const hint = useSelector(selection, selectCompareHint);
  const canShowDifferences = useSelector(selection, selectCanShowDifferences);
  const canHideDifferences = useSelector(selection, selectCanHideDifferences);
  const differences = useSelector(selection, selectDifferences);
  const view = useSelector(actor, selectResourceView);
  const loaded = useSelector(actor, selectRuns);
  // The watched run's row shows its latest poll; the list itself reloads when the run starts and ends.
  const watched = useSelector(props.progress, selectWatchedRun);
  const runs = withLatestRun(loaded ?? [], watched);

  switch (view) {
    case 'loading':
      return <StatusMessage>Loading...</StatusMessage>;
    case 'failed':
      return <LoadFailure onRetry={() => actor.send({ type: 'user.retry' })}>{messages.runs}</LoadFailure>;
    case 'empty':
      return (
        <p className={statusMessage} role="status">
          {messages.noRuns}
        </p>
      );
    case 'loaded':
      return (
        <div className={styles.runsBlock}>
          <div className={styles.compareBar}>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              disabled={!canCompare}
              onClick={() => selection.send({ type: 'user.compare' })}
            >
              Compare
            </button>
            {canHideDifferences ? (
              <button
                type="button"
                className={button({ tone: 'secondary' })}
                onClick={() => selection.send({ type: 'user.hideDifferences' })}
              >
                Hide differences
              </button>
            ) : (
              <button
                type="button"
                className={button({ tone: 'secondary' })}
                disabled={!canShowDifferences}
                onClick={() => selection.send({ type: 'user.showDifferences' })}
              >
                Show differences
              </button>
            )}
            <span className={styles.compareHint} aria-live="polite">
              {hint}
            </span>
          </div>
          {differences && (
            <div className={styles.differences}>
              <RunDifferences first={differences.first} second={differences.second} differences={differences.differences} />
            </div>
          )}
          <TableCard>
            <table className={`${table.table} ${styles.runsTable}`} aria-label={`Runs of experiment ${experimentId}`}>
              <TableHead
                columns={[
                  'Run',
                  'Script Name',
                  'Tags',
                  'Target',
                  'Status',
                  ...TREND_METRICS.map((metric) => TREND_LABELS[metric]),
                  OUTCOMES_HEADING,
                  'Total Cost',
                  'Created At',
                  'Updated At',
                  'Actions',
                ]}
              />
              <tbody>
                {runs.map((run) => {
                  const target = targetParts(run.config);
                  return (
                    <tr key={run.id}>
                      <td className={table.cell}>
                        {/* The run's number opens its results: the row's way forward, first, so it never leaves the card. */}
                        <span className={styles.runCell}>
                          <Link href={`/experiment-run-results/${run.id}`} className={listLink} aria-label={runLabel(run)}>
                            {runNumberText(run)}
                          </Link>
                          {/* Only a finished run can be compared; a third waits until one of the two is unchecked. */}
                          {!isActiveRun(run) && (
                            <input
                              type="checkbox"
                              aria-label={`Select run ${runNumberText(run)} to compare`}
                              checked={selected.includes(run.id)}
                              disabled={full && !selected.includes(run.id)}
                              onChange={() => selection.send({ type: 'user.toggleRun', run })}
                            />
                          )}
                        </span>
                      </td>
                      <td className={table.cell}>
                        {run.evaluation_script_name}
                        <DemoBadge demo={run.demo} />
                      </td>
                      <td className={`${table.cell} ${styles.tagsCell}`}>
                        <RunTags tags={run.tags} label={`run ${runNumberText(run)}`} />
                      </td>
                      <td className={`${table.cell} ${styles.targetCell}`}>
                        <span className={styles.targetRequest}>{target.request}</span>
                        {target.body && <span className={styles.targetBody}>{target.body}</span>}
                      </td>
                      <td className={table.cell}>
                        <span className={`${statusBadge} ${statusBadgeTone[experimentRunStatusTone(run.status)]}`}>{run.status}</span>
                        {run.status === 'failed' && run.error && <p className={styles.runError}>{run.error}</p>}
                      </td>
                      {TREND_METRICS.map((metric) => {
                        const mean = meanOf(run.summary, metric);
                        return (
                          <td key={metric} className={`${table.cell} ${styles.mean}`} title={mean && metricLabel(mean.name)}>
                            {mean ? formatMean(mean.value) : '—'}
                          </td>
                        );
                      })}
                      <td className={`${table.cell} ${styles.mean}`}>{outcomesText(run.summary)}</td>
                      <td className={table.cell}>{run.total_cost}</td>
                      <td className={`${table.cell} ${styles.date}`}>{formatDateTime(run.created_at)}</td>
                      <td className={`${table.cell} ${styles.date}`}>{formatDateTime(run.updated_at)}</td>
                      <td className={table.cell}>
                        <Link
                          href={`/experiment-run-results/${run.id}`}
                          className={button({ tone: 'secondary', size: 'small' })}
                          aria-label={`Details of run ${runNumberText(run)}`}
                        >
                          Details
                        </Link>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableCard>
        </div>
      );
  }
}
