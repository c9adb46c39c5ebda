import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { uploadGoldenSetMachine } from '../machines/upload-golden-set.machine';
import {
  selectCanCancel,
  selectCanSubmit,
  selectDescription,
  selectFormat,
  selectIsBusy,
  selectIsOpen,
  selectMarket,
  selectName,
  selectProblems,
  selectUploadError,
} from '../machines/upload-golden-set.selectors';
import * as styles from './GoldenSetsPage.css';
import { Modal } from './ui/Modal';
import * as modal from './ui/modal.css';
import { button } from './ui/button.css';
import { errorMessage } from './ui/status.css';

// Issue 7 /golden-sets: 'Add Golden Set' uploads judgements, CSV (`query,product_id,relevance`) or TREC
// qrels with a queries file, and shows the server's problems by file and row when it refuses them.
export function UploadGoldenSetDialog({ actor }: { actor: ActorRefFrom<typeof uploadGoldenSetMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const name = useSelector(actor, selectName);
  const description = useSelector(actor, selectDescription);
  const market = useSelector(actor, selectMarket);
  const format = useSelector(actor, selectFormat);
  const error = useSelector(actor, selectUploadError);
  const problems = useSelector(actor, selectProblems);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  const ids = { name: useId(), description: useId(), market: useId(), file: useId(), queries: useId(), format: useId() };
  if (!open) return null;

  const cancel = () => actor.send({ type: 'user.cancel' });
  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'user.submit' });
  }

  return (
    <Modal title="Add Golden Set" onCancel={cancel}>
      <form onSubmit={submit} noValidate>
        <fieldset disabled={busy} className={modal.fieldset}>
          <div className={modal.field}>
            <label htmlFor={ids.name} className={modal.label}>
              Name*
            </label>
            <input
              id={ids.name}
              className={modal.input}
              value={name}
              required
              onChange={(event) => actor.send({ type: 'user.changeName', value: event.target.value })}
            />
          </div>
          <div className={modal.field}>
            <label htmlFor={ids.description} className={modal.label}>
              Description
            </label>
            <textarea
              id={ids.description}
              className={modal.input}
              rows={2}
              value={description}
              onChange={(event) => actor.send({ type: 'user.changeDescription', value: event.target.value })}
            />
          </div>
          <div className={modal.field}>
            <label htmlFor={ids.market} className={modal.label}>
              Market
            </label>
            <input
              id={ids.market}
              className={modal.input}
              value={market}
              onChange={(event) => actor.send({ type: 'user.changeMarket', value: event.target.value })}
            />
          </div>
          <div className={modal.field}>
            <label htmlFor={ids.format} className={modal.label}>
              Format
            </label>
            <select
              id={ids.format}
              className={modal.input}
              value={format}
              onChange={(event) => actor.send({ type: 'user.changeFormat', format: event.target.value === 'trec' ? 'trec' : 'csv' })}
            >
              <option value="csv">CSV (query,product_id,relevance)</option>
              <option value="trec">TREC qrels and queries</option>
            </select>
          </div>
          <div className={modal.field}>
            <label htmlFor={ids.file} className={modal.label}>
              {format === 'csv' ? 'Judgements file (CSV)*' : 'Qrels file*'}
            </label>
            <input
              id={ids.file}
              type="file"
              accept={format === 'csv' ? '.csv,text/csv' : undefined}
              onChange={(event) => actor.send({ type: 'user.chooseFile', file: event.target.files?.[0] ?? null })}
            />
          </div>
          {format === 'trec' && (
            <div className={modal.field}>
              <label htmlFor={ids.queries} className={modal.label}>
                Queries file*
              </label>
              <input
                id={ids.queries}
                type="file"
                onChange={(event) => actor.send({ type: 'user.chooseQueries', file: event.target.files?.[0] ?? null })}
              />
            </div>
          )}
        </fieldset>
        {error && (
          <div role="alert">
            <p className={errorMessage}>{error}</p>
            {problems.length > 0 && (
              <ul className={styles.problems} aria-label="Problems in the files">
                {problems.map((problem, index) => (
                  <li key={index}>
                    {problem.file === 'queries' ? 'Queries file, line' : format === 'trec' ? 'Line' : 'Row'} {problem.row}
                    {problem.column ? `, column ${problem.column}` : ''}: {problem.problem}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className={modal.buttons}>
          <button type="button" className={button({ tone: 'secondary' })} disabled={!canCancel} onClick={cancel}>
            Cancel
          </button>
          <button type="submit" className={button({ tone: 'primary' })} disabled={!canSubmit} aria-busy={busy}>
            {busy ? 'Uploading...' : 'Upload Golden Set'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
