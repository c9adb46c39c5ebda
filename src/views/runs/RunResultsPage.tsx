import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link, useSearch } from 'wouter';
import { selectData } from '../../machines/shared/resource.selectors';
import { runResultsPageInput, type runResultsPageMachine } from '../../machines/runs/run-results-page.machine';
import {
  selectComparer,
  selectExporter,
  selectFiguresWait,
  selectFollower,
  selectList,
  selectMissing,
  selectNotFound,
  selectSummary,
} from '../../machines/runs/run-results-page.selectors';
import { runExportFormats, type ExperimentRunDetails, type ExperimentRunResult } from '../../domain/experiments/evaluation-backend-types';
import { formatConfiguration } from '../../domain/experiments/format-configuration';
import { isActiveRun } from '../../domain/runs/run-status';
import { runConfiguration } from '../../domain/runs/result-filters';
import { messages } from '../ui/backend-messages';
import * as backendStyles from '../experiments/BackendPages.css';
import * as styles from './RunResultsPage.css';
import { useLogic } from '../shell/logic-context';
import { RUN_CONFIGURATION_ID, RunResultsTable } from './RunResultsTable';
import { RunSegments } from './RunSegmentsPanel';
import { WatchedRun, type RunProgressRef } from './RunProgressPanel';
import { selectHasEnded, selectIsWatching, selectWatchedRun } from '../../machines/runs/run-progress.selectors';
import { StatusMessage } from '../ui/StatusMessage';
import { CompareWithDialog } from '../compare/CompareWithDialog';
import { RunJudgingActions, RunJudgingNotes } from '../judging/RunJudging';
import { selectItems } from '../../machines/shared/paged-list.selectors';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { DemoBadge } from '../ui/DemoBadge';
import { errorMessage } from '../ui/status.css';
import { runLabel } from '../../domain/runs/run-label';
import { MeanMetrics } from './MeanMetrics';
import { ResultExports } from './ResultExports';

// /experiment-run-results/{id}: the run's paged results (filtered, searched and sorted: RunResultsTable).
// Above them the way back (Experiments › experiment › Run N), the configuration the run ran with (once,
// not on every row's full height), its mean metrics with the queries they are over, and its exports.
// A finished run's "Compare with…" (the page's primary action: Rescore makes a new run) opens the dialog of
// the runs it can be compared with.
// A finished run's Judge unjudged and Rescore (RunJudging), and notes on its golden set.
// A run still going shows its live progress instead of its figures, which appear once, final, when it ends.
export function RunResultsPage({ id }: { id: number | null }) {
  const logic = useLogic();
  const search = useSearch();
  const page = useActorRef(logic.runResultsPage, { input: runResultsPageInput(id, search) });
  const notFound = useSelector(page, selectNotFound);
  const missing = useSelector(page, selectMissing);
  const run = useSelector(useSelector(page, selectSummary), selectRun);
  const comparer = useSelector(page, selectComparer);
  return (
    <div className={pageStyles.page}>
      {run && <RunBreadcrumbs run={run} />}
      <div className={pageStyles.header}>
        <div className={pageStyles.titleRow}>
          <h1 className={pageStyles.title}>Experiment Run Results</h1>
          <DemoBadge demo={run?.demo} />
        </div>
        {run && !isActiveRun(run) && !notFound && !missing && (
          <div className={styles.actions}>
            <RunJudgingActions run={run} page={page} />
            <button
              type="button"
              className={button({ tone: 'primary' })}
              onClick={() => comparer.send({ type: 'user.open', run: { id: run.id, created_at: run.created_at } })}
            >
              Compare with…
            </button>
          </div>
        )}
      </div>
      {run && !notFound && !missing && <RunJudgingNotes run={run} />}
      <CompareWithDialog actor={comparer} />
      {notFound || missing ? (
        <p className={errorMessage} role="alert">
          {notFound ? messages.invalidRunId : messages.runNotFound}
        </p>
      ) : (
        // Not notFound: the address named a valid run id.
        <RunResults runId={id!} page={page} />
      )}
    </div>
  );
}

/** Experiments › the experiment › the run; an evaluation's run (no experiment): Evaluations › the evaluation › the run. */
function RunBreadcrumbs({ run }: { run: ExperimentRunDetails }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
      {run.evaluation ? (
        <>
          <Link href="/evaluations">Evaluations</Link>
          <span aria-hidden="true"> › </span>
          <Link href={`/evaluations/${run.evaluation.id}`}>{run.evaluation.name}</Link>
        </>
      ) : (
        <>
          <Link href="/experiments">Experiments</Link>
          <span aria-hidden="true"> › </span>
          <Link href={`/experiment-runs/${run.experiment_id}`}>{run.experiment_name ?? `Experiment ${run.experiment_id}`}</Link>
        </>
      )}
      <span aria-hidden="true"> › </span>
      <span aria-current="page">{runLabel(run)}</span>
    </nav>
  );
}

function RunResults({ runId, page }: { runId: number; page: ActorRefFrom<typeof runResultsPageMachine> }) {
  const follower = useSelector(page, selectFollower);
  const wait = useSelector(page, selectFiguresWait);
  return (
    <div>
      {follower && <FollowedRun progress={follower} />}
      {wait !== null ? <StatusMessage>{figuresWaitText[wait]}</StatusMessage> : <Figures runId={runId} page={page} />}
    </div>
  );
}

const figuresWaitText = {
  opening: 'Loading...',
  following: 'The mean metrics and the results show once the run has ended.',
  settling: 'Loading the final results...',
};

/** The run being followed on this page: live while it goes, then how it ended. */
function FollowedRun({ progress }: { progress: RunProgressRef }) {
  const run = useSelector(progress, selectWatchedRun);
  const watching = useSelector(progress, selectIsWatching);
  const ended = useSelector(progress, selectHasEnded);
  return run && (watching || ended) ? <WatchedRun progress={progress} run={run} ended={ended} /> : null;
}

/** The run's configuration, means, exports and results: all of one moment (a finished run's). */
function Figures({ runId, page }: { runId: number; page: ActorRefFrom<typeof runResultsPageMachine> }) {
  const list = useSelector(page, selectList);
  const summary = useSelector(page, selectSummary);
  const exporter = useSelector(page, selectExporter);
  const run = useSelector(summary, selectRun);
  const firstRow = useSelector(list, selectItems<ExperimentRunResult>)[0];
  const configuration = run && runConfiguration(run.config, firstRow?.experiment_configuration);
  return (
    <>
      {configuration !== undefined && (
        <p className={styles.configuration} id={RUN_CONFIGURATION_ID}>
          <span className={styles.configurationLabel}>Configuration</span>{' '}
          <code className={backendStyles.code}>{formatConfiguration(configuration)}</code>
        </p>
      )}
      <div className={styles.overview}>
        <MeanMetrics titleId={`run-${runId}-mean-metrics`} actor={summary} failure={messages.runSummary} />
        <ResultExports id={runId} actor={exporter} formats={runExportFormats} />
      </div>
      <RunSegments runId={runId} list={list} />
      <RunResultsTable runId={runId} list={list} metricNames={run ? Object.keys(run.summary.mean_metrics) : []} />
    </>
  );
}

const selectRun = selectData<ExperimentRunDetails>;
