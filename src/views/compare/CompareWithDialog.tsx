import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { comparableRunsMachine } from '../../machines/compare/comparable-runs.machine';
import {
  selectCanNext,
  selectCanPrevious,
  selectError,
  selectIsLoading,
  selectIsNone,
  selectIsOpen,
  selectPage,
  selectPageCount,
  selectRuns,
} from '../../machines/compare/comparable-runs.selectors';
import { formatDateTime } from '../../domain/shared/format-date';
import * as styles from './CompareWithDialog.css';
import { Modal } from '../ui/Modal';
import * as modal from '../ui/modal.css';
import { button } from '../ui/button.css';
import { Pager } from '../ui/Pager';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';
import { runLabel } from '../../domain/runs/run-label';

// "Compare with…": the finished runs sharing this run's dataset or golden set, newest first, each a
// button that opens the comparison of the two; Previous / Next through them; Cancel or Escape closes.
export function CompareWithDialog({ actor }: { actor: ActorRefFrom<typeof comparableRunsMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const loading = useSelector(actor, selectIsLoading);
  const none = useSelector(actor, selectIsNone);
  const error = useSelector(actor, selectError);
  const runs = useSelector(actor, selectRuns);
  const page = useSelector(actor, selectPage);
  const pageCount = useSelector(actor, selectPageCount);
  const canPrevious = useSelector(actor, selectCanPrevious);
  const canNext = useSelector(actor, selectCanNext);
  if (!open) return null;

  const close = () => actor.send({ type: 'user.close' });
  return (
    <Modal title="Compare with…" onCancel={close}>
      <p className={styles.lead}>
        Finished runs and evaluations that share this one's dataset or golden set, newest first. The older is the baseline.
      </p>
      {loading && <StatusMessage>Loading...</StatusMessage>}
      {error && <LoadFailure onRetry={() => actor.send({ type: 'user.retry' })}>{error}</LoadFailure>}
      {none && <p className={styles.lead}>No other finished run or evaluation shares this one's dataset or golden set.</p>}
      {runs.length > 0 && (
        <ul className={styles.runs} aria-label="Comparable runs">
          {runs.map((run) => (
            <li key={run.id}>
              <button
                type="button"
                className={styles.choice}
                onClick={() => actor.send({ type: 'user.choose', run: { id: run.id, created_at: run.created_at } })}
              >
                <span className={styles.runName}>{run.evaluation ? 'Evaluation' : runLabel(run)}</span>
                {' · '}
                <span>{run.evaluation ? run.evaluation.name : run.experiment_name}</span>
                {' · '}
                <span className={styles.meta}>{formatDateTime(run.created_at)}</span>
                {run.tags.length > 0 && (
                  <>
                    {' · '}
                    <span className={styles.meta}>{run.tags.join(', ')}</span>
                  </>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {(canPrevious || canNext) && (
        <Pager
          page={page}
          pageCount={pageCount}
          canPrevious={canPrevious}
          canNext={canNext}
          onPrevious={() => actor.send({ type: 'user.previousPage' })}
          onNext={() => actor.send({ type: 'user.nextPage' })}
        />
      )}
      <div className={modal.buttons}>
        <button type="button" className={button({ tone: 'secondary' })} onClick={close}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
