import { useId } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { sampleEvaluationsPage } from '../../fixtures/evaluations';
import { pageFromSearch } from '../../machines/shared/paged-list.machine';
import { formatDateTime } from '../../domain/shared/format-date';
import { mockEvaluationStatusTone } from '../../domain/shared/status-colours';
import * as styles from './EvaluationsPage.css';
import { Pager } from '../ui/Pager';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { rowHeader } from '../ui/row-header.css';
import { statusBadge, statusBadgeTone } from '../ui/status-badge.css';
import { statusMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import { TableHead } from '../ui/TableHead';
import { TableCard } from '../ui/TableCard';

// /evaluations: the mock list, no call made. The page lives in the address (?page=2), so the
// detail screen can bring the person back to it.
export function EvaluationsPage() {
  const headingId = useId();
  const page = pageFromSearch(useSearch());
  const [, navigate] = useLocation();
  const { rows, hasPrevious, hasNext } = sampleEvaluationsPage(page);

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title} id={headingId}>
          Evaluations
        </h1>
        <button type="button" className={button({ tone: 'primary' })} disabled>
          New Evaluation
        </button>
      </div>
      {rows.length === 0 ? (
        <p className={statusMessage} role="status">
          No evaluations on this page.
        </p>
      ) : (
        <TableCard>
          <table className={table.table} aria-labelledby={headingId}>
            <TableHead columns={['Name', 'Dataset', 'Golden Set', 'Status', 'Created At', 'Actions']} />
            <tbody>
              {rows.map((evaluation) => (
                <tr key={evaluation.id}>
                  <th className={`${table.cell} ${rowHeader}`} scope="row">
                    {evaluation.name}
                  </th>
                  <td className={table.cell}>{evaluation.dataset}</td>
                  <td className={table.cell}>{evaluation.goldenSet}</td>
                  <td className={table.cell}>
                    <span className={`${statusBadge} ${statusBadgeTone[mockEvaluationStatusTone(evaluation.status)]}`}>
                      {evaluation.status}
                    </span>
                  </td>
                  <td className={table.cell}>{formatDateTime(evaluation.createdAt)}</td>
                  <td className={table.cell}>
                    <Link
                      href={`/evaluations/${evaluation.id}?page=${page}`}
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
      <Pager
        page={page}
        canPrevious={hasPrevious}
        canNext={hasNext}
        onPrevious={() => navigate(`/evaluations?page=${page - 1}`)}
        onNext={() => navigate(`/evaluations?page=${page + 1}`)}
      />
    </div>
  );
}
