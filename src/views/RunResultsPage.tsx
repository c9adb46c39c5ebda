import { useActorRef } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { pageFromSearch } from '../machines/paged-list.machine';
import type { PassedRunResult } from '../machines/run-result-details.machine';
import type { ExperimentRunResult } from '../services/evaluation-backend';
import { formatDateTime } from '../services/format-date';
import { formatConfiguration } from '../services/format-configuration';
import { parseRouteId } from '../services/route-id';
import { runResultStatusTone } from '../services/status-colours';
import { messages } from './backend-messages';
import * as styles from './BackendPages.css';
import { useLogic } from './logic-context';
import { PagedListFrame } from './PagedListFrame';
import { button } from './ui/button.css';
import * as pageStyles from './ui/page.css';
import { statusBadge, statusBadgeTone } from './ui/status-badge.css';
import { errorMessage } from './ui/status.css';
import * as table from './ui/table.css';

// Spec §2 /experiment-run-results/{id}: the run's paged results; status PASS green, FAIL red, anything
// else grey (spec §4). The detail button hands the row to the details screen (history state).
export function RunResultsPage({ id }: { id: string | undefined }) {
  const runId = parseRouteId(id);
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Experiment Run Results</h1>
      </div>
      {runId === null ? (
        <p className={errorMessage} role="alert">
          {messages.invalidRunId}
        </p>
      ) : (
        <ResultsTable key={runId} runId={runId} />
      )}
    </div>
  );
}

function ResultsTable({ runId }: { runId: number }) {
  const logic = useLogic();
  const search = useSearch();
  const list = useActorRef(logic.runResultList(runId), { input: { page: pageFromSearch(search) } });

  return (
    <PagedListFrame<ExperimentRunResult>
      list={list}
      failure={() => messages.runResults}
      empty={(page) => (page === 1 ? messages.noRunResultsData : messages.noRunResults)}
    >
      {(results, page) => (
        <table className={table.table} aria-label={`Results of run ${runId}`}>
          <thead>
            <tr>
              {['Experiment Configuration', 'Input', 'Status', 'Version', 'Test Result', 'Created At', 'Actions'].map((column) => (
                <th key={column} className={table.headCell} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {results.map((row) => {
              const passed: PassedRunResult = { result: row, runId, page };
              return (
                <tr key={row.id}>
                  <td className={table.cell}>
                    <code className={styles.code}>{formatConfiguration(row.experiment_configuration)}</code>
                  </td>
                  <td className={table.cell}>{row.result.input}</td>
                  <td className={table.cell}>
                    <span className={`${statusBadge} ${statusBadgeTone[runResultStatusTone(row.result.status)]}`}>{row.result.status}</span>
                  </td>
                  <td className={table.cell}>{row.result.version}</td>
                  <td className={table.cell}>{row.result.test_result}</td>
                  <td className={`${table.cell} ${styles.nowrap}`}>{formatDateTime(row.created_at)}</td>
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
      )}
    </PagedListFrame>
  );
}
