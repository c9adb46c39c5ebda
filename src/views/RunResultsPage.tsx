import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link, useSearch } from 'wouter';
import type { fileExportMachine } from '../machines/file-export.machine';
import { selectCanExport, selectExportError, selectExportingFormat, selectSavedAs } from '../machines/file-export.selectors';
import { pageFromSearch } from '../machines/paged-list.machine';
import type { resourceMachine } from '../machines/resource.machine';
import { selectData, selectResourceView } from '../machines/resource.selectors';
import type { runResultsPageMachine } from '../machines/run-results-page.machine';
import { selectExporter, selectList, selectMissing, selectNotFound, selectSummary } from '../machines/run-results-page.selectors';
import type { PassedRunResult } from '../machines/run-result-details.machine';
import {
  runExportFormats,
  type ExperimentRunDetails,
  type ExperimentRunResult,
  type RunExportFormat,
} from '../domain/evaluation-backend-types';
import { formatDateTime } from '../domain/format-date';
import { formatConfiguration } from '../domain/format-configuration';
import { formatMean, orderedMetrics } from '../domain/format-metric';
import { formatMeanBasis, formatRunCounts } from '../domain/run-status';
import { runResultStatusTone } from '../domain/status-colours';
import { messages } from './backend-messages';
import * as backendStyles from './BackendPages.css';
import * as styles from './RunResultsPage.css';
import { useLogic } from './logic-context';
import { PagedListFrame, type PagedListRef } from './PagedListFrame';
import { button } from './ui/button.css';
import * as pageStyles from './ui/page.css';
import { statusBadge, statusBadgeTone } from './ui/status-badge.css';
import { errorMessage } from './ui/status.css';
import * as table from './ui/table.css';
import { TableHead } from './ui/TableHead';
import { TableCard } from './ui/TableCard';

// Spec §2 /experiment-run-results/{id}: the run's paged results; status PASS green, FAIL red, anything
// else grey (spec §4). The detail button hands the row to the details screen (history state). Above the
// table, the run's mean metrics and its exports (CSV, TREC run).
export function RunResultsPage({ id }: { id: number | null }) {
  const logic = useLogic();
  const search = useSearch();
  const page = useActorRef(logic.runResultsPage, { input: { runId: id, page: pageFromSearch(search) } });
  const notFound = useSelector(page, selectNotFound);
  const missing = useSelector(page, selectMissing);
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Experiment Run Results</h1>
      </div>
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

function RunResults({ runId, page }: { runId: number; page: ActorRefFrom<typeof runResultsPageMachine> }) {
  const list = useSelector(page, selectList);
  const summary = useSelector(page, selectSummary);
  const exporter = useSelector(page, selectExporter);
  return (
    <div>
      <div className={styles.overview}>
        <RunSummary runId={runId} actor={summary} />
        <RunExports runId={runId} actor={exporter} />
      </div>
      <ResultsTable runId={runId} list={list} />
    </div>
  );
}

function ResultsTable({ runId, list }: { runId: number; list: PagedListRef }) {
  return (
    <PagedListFrame<ExperimentRunResult>
      list={list}
      failure={() => messages.runResults}
      empty={(page) => (page === 1 ? messages.noRunResultsData : messages.noRunResults)}
    >
      {(results, page) => (
        <TableCard>
          <table className={table.table} aria-label={`Results of run ${runId}`}>
            <TableHead columns={['Experiment Configuration', 'Input', 'Status', 'Version', 'Test Result', 'Created At', 'Actions']} />
            <tbody>
              {results.map((row) => {
                const passed: PassedRunResult = { result: row, runId, page };
                return (
                  <tr key={row.id}>
                    <td className={table.cell}>
                      <code className={backendStyles.code}>{formatConfiguration(row.experiment_configuration)}</code>
                    </td>
                    <td className={table.cell}>{row.result.input}</td>
                    <td className={table.cell}>
                      <span className={`${statusBadge} ${statusBadgeTone[runResultStatusTone(row.result.status)]}`}>
                        {row.result.status}
                      </span>
                    </td>
                    <td className={table.cell}>{row.result.version}</td>
                    <td className={table.cell}>{row.result.test_result}</td>
                    <td className={`${table.cell} ${backendStyles.nowrap}`}>{formatDateTime(row.created_at)}</td>
                    <td className={table.cell}>
                      <Link
                        href={`/experiment-run-result-details/${row.id}`}
                        state={passed}
                        className={button({ tone: 'secondary', size: 'small' })}
                        aria-label={`Details of result ${row.id}`}
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
      )}
    </PagedListFrame>
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
                  <dt className={styles.term}>{name}</dt>
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
