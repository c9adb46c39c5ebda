import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { selectData, selectResourceView } from '../machines/resource.selectors';
import type { ExperimentRun } from '../services/evaluation-backend';
import { formatDateTime } from '../services/format-date';
import { parseRouteId } from '../services/route-id';
import { experimentRunStatusTone } from '../services/status-colours';
import { messages } from './backend-messages';
import { useLogic } from './logic-context';
import { button } from './ui/button.css';
import * as pageStyles from './ui/page.css';
import { statusBadge, statusBadgeTone } from './ui/status-badge.css';
import { errorMessage, statusMessage } from './ui/status.css';
import * as table from './ui/table.css';

const selectRuns = selectData<ExperimentRun[]>;

// Spec §2 /experiment-runs/{id} (id is an experiment): every run of the experiment (one unpaged call,
// spec §7); status success green, failed red, anything else grey (spec §4).
export function ExperimentRunsPage({ id }: { id: string | undefined }) {
  const experimentId = parseRouteId(id);
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Experiment Runs</h1>
        <Link href="/experiments" className={button({ tone: 'secondary' })}>
          Back to Experiments
        </Link>
      </div>
      {experimentId === null ? (
        <p className={errorMessage} role="alert">
          {messages.invalidExperimentId}
        </p>
      ) : (
        <RunsTable key={experimentId} experimentId={experimentId} />
      )}
    </div>
  );
}

function RunsTable({ experimentId }: { experimentId: number }) {
  const logic = useLogic();
  const actor = useActorRef(logic.experimentRuns, { input: { id: experimentId } });
  const view = useSelector(actor, selectResourceView);
  const runs = useSelector(actor, selectRuns) ?? [];

  switch (view) {
    case 'loading':
      return (
        <p className={statusMessage} role="status">
          Loading...
        </p>
      );
    case 'failed':
      return (
        <div>
          <p className={errorMessage} role="alert">
            {messages.runs}
          </p>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'user.retry' })}>
            Try again
          </button>
        </div>
      );
    case 'empty':
      return (
        <p className={statusMessage} role="status">
          {messages.noRuns}
        </p>
      );
    case 'loaded':
      return (
        <table className={table.table} aria-label={`Runs of experiment ${experimentId}`}>
          <thead>
            <tr>
              {['Script Name', 'Tags', 'Status', 'Total Cost', 'Created At', 'Updated At', 'Actions'].map((column) => (
                <th key={column} className={table.headCell} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id}>
                <td className={table.cell}>{run.evaluation_script_name}</td>
                <td className={table.cell}>{run.tags.join(', ')}</td>
                <td className={table.cell}>
                  <span className={`${statusBadge} ${statusBadgeTone[experimentRunStatusTone(run.status)]}`}>{run.status}</span>
                </td>
                <td className={table.cell}>{run.total_cost}</td>
                <td className={table.cell}>{formatDateTime(run.created_at)}</td>
                <td className={table.cell}>{formatDateTime(run.updated_at)}</td>
                <td className={table.cell}>
                  <Link
                    href={`/experiment-run-results/${run.id}`}
                    className={button({ tone: 'secondary', size: 'small' })}
                    aria-label={`Details of run ${run.id}`}
                  >
                    Details
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
}
