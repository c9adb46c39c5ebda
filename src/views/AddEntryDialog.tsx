import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { addEntryMachine } from '../machines/add-entry.machine';
import {
  selectAddError,
  selectCanCancel,
  selectCanSubmit,
  selectInput,
  selectIsBusy,
  selectIsOpen,
  selectLinkFailed,
  selectMetadata,
  selectMetadataError,
  selectPicker,
} from '../machines/add-entry.selectors';
import { DatasetPicker } from './DatasetPicker';
import { Modal } from './ui/Modal';
import * as modal from './ui/modal.css';
import { button } from './ui/button.css';
import { errorMessage } from './ui/status.css';
import * as styles from './DatasetEntriesPage.css';

// Spec §2 Add Dataset Entry dialog: Input* (4 rows), the datasets multi-select, Metadata (JSON) (8 rows,
// default '{}'), Cancel and 'Create Entry'.
export function AddEntryDialog({ actor }: { actor: ActorRefFrom<typeof addEntryMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const linkFailed = useSelector(actor, selectLinkFailed);
  const input = useSelector(actor, selectInput);
  const metadata = useSelector(actor, selectMetadata);
  const metadataError = useSelector(actor, selectMetadataError);
  const error = useSelector(actor, selectAddError);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  const picker = useSelector(actor, selectPicker);
  const inputId = useId();
  const datasetsId = useId();
  const metadataId = useId();
  const hintId = useId();
  const metadataErrorId = useId();
  if (!open) return null;

  const cancel = () => actor.send({ type: linkFailed ? 'user.close' : 'user.cancel' });

  if (linkFailed) {
    return (
      <Modal title="Add Dataset Entry" onCancel={cancel}>
        <p role="alert" className={errorMessage}>
          The entry was created, but it could not be added to its datasets: {error}
        </p>
        <p>The entry is listed without datasets; add them from its edit page.</p>
        <div className={modal.buttons}>
          <button type="button" className={button({ tone: 'primary' })} onClick={cancel}>
            Close
          </button>
        </div>
      </Modal>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'user.submit' });
  }

  return (
    <Modal title="Add Dataset Entry" onCancel={() => canCancel && cancel()}>
      <form onSubmit={submit} noValidate>
        <fieldset disabled={busy} className={modal.fieldset}>
          <div className={modal.field}>
            <label htmlFor={inputId} className={modal.label}>
              Input*
            </label>
            <textarea
              id={inputId}
              className={modal.input}
              rows={4}
              required
              value={input}
              onChange={(event) => actor.send({ type: 'user.changeInput', value: event.target.value })}
            />
          </div>
          <div className={modal.field}>
            <span id={datasetsId} className={modal.label}>
              Datasets
            </span>
            {picker && <DatasetPicker actor={picker} labelId={datasetsId} disabled={busy} />}
          </div>
          <div className={modal.field}>
            <label htmlFor={metadataId} className={modal.label}>
              Metadata (JSON)
            </label>
            <textarea
              id={metadataId}
              className={`${modal.input} ${styles.code}`}
              rows={8}
              value={metadata}
              aria-invalid={metadataError !== null}
              aria-describedby={metadataError ? `${metadataErrorId} ${hintId}` : hintId}
              onChange={(event) => actor.send({ type: 'user.changeMetadata', value: event.target.value })}
            />
            {metadataError && (
              <p id={metadataErrorId} role="alert" className={styles.fieldError}>
                {metadataError}
              </p>
            )}
            <p id={hintId} className={styles.hint}>
              Optional: Enter valid JSON for metadata
            </p>
          </div>
        </fieldset>
        {error && (
          <p role="alert" className={errorMessage}>
            {error}
          </p>
        )}
        <div className={modal.buttons}>
          <button type="button" className={button({ tone: 'secondary' })} disabled={!canCancel} onClick={cancel}>
            Cancel
          </button>
          <button type="submit" className={button({ tone: 'primary' })} disabled={!canSubmit} aria-busy={busy}>
            {busy ? 'Creating...' : 'Create Entry'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
