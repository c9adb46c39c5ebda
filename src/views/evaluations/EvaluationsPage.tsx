import { useId } from 'react';
import { useActorRef } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { pageFromSearch } from '../../machines/shared/paged-list.machine';
import type { Evaluation } from '../../domain/evaluations/evaluation-upload';
import { formatDateTime } from '../../domain/shared/format-date';
import { counted } from '../../domain/shared/format-count';
import { experimentRunStatusTone } from '../../domain/shared/status-colours';
import * as styles from './EvaluationsPage.css';
import { useLogic } from '../shell/logic-context';
import { PagedListFrame } from '../ui/PagedListFrame';
import { button } from '../ui/button.css';
import { GatedLink } from '../ui/Gated';
import * as pageStyles from '../ui/page.css';
import { rowHeader } from '../ui/row-header.css';
import { statusBadge, statusBadgeTone } from '../ui/status-badge.css';
import * as table from '../ui/table.css';
import { TableHead } from '../ui/TableHead';
import { TableCard } from '../ui/TableCard';

// /evaluations: the server's evaluations, newest first, paged with their total and 'Page x of y'; the page
// lives in the address (?page=2), so the detail screen can bring the person back to it (the detail's own ?page=
// is its queries', so it goes back to the address it came from). Each status is its
// run's, coloured as runs' are. New Evaluation is refused, with the reason, to a role that may not upload one.
export function EvaluationsPage() {
  const logic = useLogic();
  const headingId = useId();
  const list = useActorRef(logic.evaluationList, { input: { page: pageFromSearch(useSearch()) } });

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title} id={headingId}>
          Evaluations
        </h1>
        <GatedLink action="evaluation.change" href="/evaluations/new" className={button({ tone: 'primary' })}>
          New Evaluation
        </GatedLink>
      </div>
      <PagedListFrame<Evaluation>
        list={list}
        failure={(error) => `Failed to fetch evaluations. ${error ?? ''}`}
        empty={(page) =>
          page === 1
            ? 'No evaluations yet. Upload a ranking made elsewhere (TREC run, CSV or JSON Lines) with New Evaluation to score it against a golden set.'
            : 'No evaluations on this page.'
        }
        counted={(total) => counted(total, 'evaluation', 'evaluations')}
      >
        {(evaluations) => (
          <TableCard>
            <table className={table.table} aria-labelledby={headingId}>
              <TableHead columns={['Name', 'Dataset', 'Golden Set', 'Status', 'Created At', 'Actions']} />
              <tbody>
                {evaluations.map((evaluation) => (
                  <tr key={evaluation.id}>
                    <th className={`${table.cell} ${rowHeader}`} scope="row">
                      {evaluation.name}
                    </th>
                    <td className={table.cell}>{evaluation.dataset_id === null ? 'The file’s queries' : evaluation.dataset_name}</td>
                    <td className={table.cell}>{evaluation.golden_set_name ?? 'Deleted golden set'}</td>
                    <td className={table.cell}>
                      <span className={`${statusBadge} ${statusBadgeTone[experimentRunStatusTone(evaluation.status)]}`}>
                        {evaluation.status}
                      </span>
                    </td>
                    <td className={table.cell}>{formatDateTime(evaluation.created_at)}</td>
                    <td className={table.cell}>
                      <Link
                        href={`/evaluations/${evaluation.id}`}
                        className={`${button({ tone: 'secondary', size: 'small' })} ${styles.detailLink}`}
                        aria-label={`View details of ${evaluation.name}`}
                      >
                        View
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
        )}
      </PagedListFrame>
    </div>
  );
}
