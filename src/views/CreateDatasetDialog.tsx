import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { createDatasetMachine } from '../machines/create-dataset.machine';
import {
  selectCanCancel,
  selectCanSubmit,
  selectCreateError,
  selectDescription,
  selectIsBusy,
  selectIsOpen,
  selectName,
} from '../machines/create-dataset.selectors';
import { Modal } from './ui/Modal';
import * as modal from './ui/modal.css';
import { button } from './ui/button.css';
import { errorMessage } from './ui/status.css';

// Spec §2 /datasets: the 'Add New Dataset' modal (Name*, Description*, Cancel, 'Create Dataset' / 'Creating...').
export function CreateDatasetDialog({ actor }: { actor: ActorRefFrom<typeof createDatasetMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const name = useSelector(actor, selectName);
  const description = useSelector(actor, selectDescription);
  const error = useSelector(actor, selectCreateError);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  const nameId = useId();
  const descriptionId = useId();
  if (!open) return null;

  const cancel = () => actor.send({ type: 'user.cancel' });
  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'user.submit' });
  }

  return (
    <Modal title="Add New Dataset" onCancel={cancel}>
      <form onSubmit={submit} noValidate>
        <fieldset disabled={busy} className={modal.fieldset}>
          <div className={modal.field}>
            <label htmlFor={nameId} className={modal.label}>
              Name*
            </label>
            <input
              id={nameId}
              className={modal.input}
              value={name}
              required
              onChange={(event) => actor.send({ type: 'user.changeName', value: event.target.value })}
            />
          </div>
          <div className={modal.field}>
            <label htmlFor={descriptionId} className={modal.label}>
              Description*
            </label>
            <textarea
              id={descriptionId}
              className={modal.input}
              rows={3}
              value={description}
              required
              onChange={(event) => actor.send({ type: 'user.changeDescription', value: event.target.value })}
            />
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
            {busy ? 'Creating...' : 'Create Dataset'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
