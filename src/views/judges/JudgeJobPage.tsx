import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { jobScopeText, progressText, totalsText } from '../../domain/judges/job-texts';
import { selectCanCancel, selectError, selectIsCancelling, selectJob, selectView } from '../../machines/judges/judge-job-page.selectors';
import { useLogic } from '../shell/logic-context';
import { button } from '../ui/button.css';
import { LoadFailure } from '../ui/LoadFailure';
import * as pageStyles from '../ui/page.css';
import { errorMessage, statusMessage } from '../ui/status.css';
import { StatusMessage } from '../ui/StatusMessage';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';

// /judge-jobs/:id: a model judge's job, its progress (done of total, kept up to date while it runs), its totals
// (tokens in and out, cost), Cancel while it runs, and every pair it gave no grade for with the model's answer.
export function JudgeJobPage({ id }: { id: number | null }) {
  const page = useActorRef(useLogic().judgeJobPage, { input: { id } });
  const view = useSelector(page, selectView);
  const job = useSelector(page, selectJob);
  const error = useSelector(page, selectError);
  const canCancel = useSelector(page, selectCanCancel);
  const cancelling = useSelector(page, selectIsCancelling);
  const failuresId = useId();

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>{job ? `Judge job ${job.id} · ${job.judge_name}` : 'Judge job'}</h1>
        {canCancel && (
          <button type="button" className={button({ tone: 'danger' })} onClick={() => page.send({ type: 'user.cancel' })}>
            Cancel job
          </button>
        )}
        {cancelling && (
          <button type="button" className={button({ tone: 'danger' })} disabled aria-busy>
            Cancelling...
          </button>
        )}
      </div>
      {view === 'notFound' && <StatusMessage>There is no such judge job.</StatusMessage>}
      {view === 'loading' && <StatusMessage>Loading...</StatusMessage>}
      {view === 'failed' && (
        <LoadFailure onRetry={() => page.send({ type: 'user.retry' })}>Could not load the judge job. {error}</LoadFailure>
      )}
      {view === 'shown' && job && (
        <>
          <p className={statusMessage} aria-label="Status">
            {job.status} · {jobScopeText(job)}
          </p>
          <p className={statusMessage} aria-label="Progress">
            {progressText(job)}
          </p>
          <p className={statusMessage} aria-label="Totals">
            {totalsText(job)}
          </p>
          {job.error && (
            <p className={errorMessage} role="alert">
              {job.error}
            </p>
          )}
          {error && (
            <p className={errorMessage} role="alert">
              {error}
            </p>
          )}
          {job.failures.length > 0 && (
            <>
              <h2 id={failuresId}>Failures</h2>
              <TableCard>
                <table className={table.table} aria-labelledby={failuresId}>
                  <TableHead columns={['Query', 'Product', 'Error', "The model's answer"]} />
                  <tbody>
                    {job.failures.map((failure, index) => (
                      <tr key={index}>
                        <td className={table.cell}>{failure.query}</td>
                        <td className={table.cell}>{failure.product_id}</td>
                        <td className={`${table.cell} ${table.textCell}`}>{failure.error}</td>
                        <td className={`${table.cell} ${table.textCell}`}>{failure.raw_answer ?? 'No answer'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableCard>
            </>
          )}
        </>
      )}
    </div>
  );
}
