import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useSearch } from 'wouter';
import type { evaluationDetailMachine, EvaluationDetailInput } from '../../machines/evaluations/evaluation-detail.machine';
import { selectError, selectEvaluation, selectResults, selectView } from '../../machines/evaluations/evaluation-detail.selectors';
import { pageFromSearch } from '../../machines/shared/paged-list.machine';
import { formatDateTime } from '../../domain/shared/format-date';
import { mockEvaluationStatusTone } from '../../domain/shared/status-colours';
import * as styles from './EvaluationDetailPage.css';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { rowHeader } from '../ui/row-header.css';
import { statusBadge, statusBadgeTone } from '../ui/status-badge.css';
import { errorMessage, statusMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import { TableHead } from '../ui/TableHead';
import { TableCard } from '../ui/TableCard';

/** The evaluation-detail machine with its actor and navigation bound (src/logic), over the real services or a test's fakes. */
export type EvaluationDetailLogic = typeof evaluationDetailMachine;

// /evaluations/{id}: the mock detail after its fake load; the list page to return to comes
// from the address (?page=2).
export function EvaluationDetailPage({ id, logic }: { id: string; logic: EvaluationDetailLogic }) {
  const page = pageFromSearch(useSearch());
  // A new actor per evaluation: the key restarts the fake load when the id changes.
  return <EvaluationDetail key={id} logic={logic} input={{ evaluationId: id, page }} />;
}

function EvaluationDetail({ logic, input }: { logic: EvaluationDetailLogic; input: EvaluationDetailInput }) {
  const headingId = useId();
  const actor = useActorRef(logic, { input });
  const view = useSelector(actor, selectView);
  const evaluation = useSelector(actor, selectEvaluation);
  const results = useSelector(actor, selectResults);
  const error = useSelector(actor, selectError);

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <div>
          <h1 className={pageStyles.title} id={headingId}>
            {evaluation ? evaluation.name : 'Evaluation'}
          </h1>
          {evaluation && (
            <p className={pageStyles.lead}>
              Dataset {evaluation.dataset} · {evaluation.goldenSet}
            </p>
          )}
        </div>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'user.back' })}>
          Back to Evaluations
        </button>
      </div>

      {view === 'loading' && (
        <p className={statusMessage} role="status">
          Loading evaluation results...
        </p>
      )}
      {view === 'failed' && (
        <p className={errorMessage} role="alert">
          {error}
        </p>
      )}
      {view === 'loaded' && (
        <TableCard>
          <table className={table.table} aria-labelledby={headingId}>
            <caption className={styles.caption}>{results.length} query results</caption>
            <TableHead columns={['Query', 'Status', 'Created At', 'Summary']} />
            <tbody>
              {results.map((row) => (
                <tr key={row.id}>
                  <th className={`${table.cell} ${rowHeader}`} scope="row">
                    {row.result.user_metadata.query}
                  </th>
                  <td className={table.cell}>
                    <span className={`${statusBadge} ${statusBadgeTone[mockEvaluationStatusTone(row.status)]}`}>{row.status}</span>
                  </td>
                  <td className={`${table.cell} ${styles.nowrap}`}>{formatDateTime(row.created_at)}</td>
                  <td className={`${table.cell} ${styles.summary}`}>{row.test_result}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableCard>
      )}
    </div>
  );
}
