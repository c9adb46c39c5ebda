import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link, useSearch } from 'wouter';
import type { fileExportMachine } from '../../machines/shared/file-export.machine';
import { selectCanExport, selectExportError, selectExportingFormat, selectSavedAs } from '../../machines/shared/file-export.selectors';
import type { resourceMachine } from '../../machines/shared/resource.machine';
import { selectData, selectResourceView } from '../../machines/shared/resource.selectors';
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
import {
  runExportFormats,
  type ExperimentRunDetails,
  type ExperimentRunResult,
  type RunExportFormat,
} from '../../domain/experiments/evaluation-backend-types';
import { formatConfiguration } from '../../domain/experiments/format-configuration';
import { formatMean, orderedMetrics } from '../../domain/shared/format-metric';
import { metricLabel } from '../../domain/shared/metric-label';
import { formatMeanBasis, formatRunCounts, isActiveRun } from '../../domain/runs/run-status';
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

function RunBreadcrumbs({ run }: { run: ExperimentRunDetails }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
      <Link href="/experiments">Experiments</Link>
      <span aria-hidden="true"> › </span>
      <Link href={`/experiment-runs/${run.experiment_id}`}>{run.experiment_name ?? `Experiment ${run.experiment_id}`}</Link>
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
        <RunSummary runId={runId} actor={summary} />
        <RunExports runId={runId} actor={exporter} />
      </div>
      <RunSegments runId={runId} list={list} />
      <RunResultsTable runId={runId} list={list} metricNames={run ? Object.keys(run.summary.mean_metrics) : []} />
    </>
  );
}

const selectRun = selectData<ExperimentRunDetails>;

/** The mean of each metric over the run's counted queries so far, four decimals as `npm run metrics` prints them, and the counts. */
function RunSummary({ runId, actor }: { runId: number; actor: ActorRefFrom<typeof resourceMachine> }) {
  const view = useSelector(actor, selectResourceView);
  const run = useSelector(actor, selectRun);
  const titleId = `run-${runId}-mean-metrics`;

  return (
    <section className={styles.summary} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.summaryTitle}>
        Mean metrics
      </h2>
      {view === 'loading' && <p className={styles.note}>Loading...</p>}
      {view === 'failed' && (
        <p className={errorMessage} role="alert">
          {messages.runSummary}
        </p>
      )}
      {view === 'loaded' && run && (
        <>
          {Object.keys(run.summary.mean_metrics).length === 0 ? (
            <p className={styles.note}>No results yet.</p>
          ) : (
            <dl className={styles.metrics} aria-label="Mean metrics">
              {orderedMetrics(run.summary.mean_metrics).map(([name, value]) => (
                <div key={name} className={styles.metric}>
                  <dt className={styles.term}>{metricLabel(name)}</dt>
                  <dd className={styles.metricValue}>{formatMean(value)}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className={styles.counts}>{formatRunCounts(run.summary)}</p>
          {formatMeanBasis(run.summary) && <p className={styles.counts}>{formatMeanBasis(run.summary)}</p>}
        </>
      )}
    </section>
  );
}

const exportLabels: Record<RunExportFormat, { idle: string; busy: string }> = {
  csv: { idle: 'Export CSV', busy: 'Exporting CSV...' },
  trec: { idle: 'Export TREC run', busy: 'Exporting TREC run...' },
  qrels: { idle: 'Export qrels', busy: 'Exporting qrels...' },
  queries: { idle: 'Export queries', busy: 'Exporting queries...' },
};

/** The run's results as a CSV file or a TREC run, fetched with the session's token and saved as a download. */
function RunExports({ runId, actor }: { runId: number; actor: ActorRefFrom<typeof fileExportMachine> }) {
  const exporting = useSelector(actor, selectExportingFormat);
  const canExport = useSelector(actor, selectCanExport);
  const savedAs = useSelector(actor, selectSavedAs);
  const error = useSelector(actor, selectExportError);

  return (
    <div className={styles.exports}>
      <div className={styles.exportButtons}>
        {runExportFormats.map((format) => (
          <button
            key={format}
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={!canExport}
            aria-busy={exporting === format}
            onClick={() => actor.send({ type: 'user.export', id: runId, format })}
          >
            {exporting === format ? exportLabels[format].busy : exportLabels[format].idle}
          </button>
        ))}
      </div>
      <p className={styles.exportNote} aria-live="polite">
        {savedAs ? `Saved ${savedAs}.` : ''}
      </p>
      {error && (
        <p className={styles.exportError} role="alert">
          Failed to export the results: {error}
        </p>
      )}
    </div>
  );
}
