import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { renameGoldenSetMachine } from '../machines/rename-golden-set.machine';
import {
  selectCanCancel,
  selectCanSubmit,
  selectDescription,
  selectIsBusy,
  selectIsOpen,
  selectMarket,
  selectName,
  selectRenameError,
} from '../machines/rename-golden-set.selectors';
import { Modal } from './ui/Modal';
import * as modal from './ui/modal.css';
import { button } from './ui/button.css';
import { errorMessage } from './ui/status.css';

// Issue 7 /golden-sets: 'Edit Golden Set' (Name*, Description, Market; Cancel, 'Save' / 'Saving...').
export function RenameGoldenSetDialog({ actor }: { actor: ActorRefFrom<typeof renameGoldenSetMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const name = useSelector(actor, selectName);
  const description = useSelector(actor, selectDescription);
  const market = useSelector(actor, selectMarket);
  const error = useSelector(actor, selectRenameError);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  const nameId = useId();
  const descriptionId = useId();
  const marketId = useId();
  if (!open) return null;

  const cancel = () => actor.send({ type: 'user.cancel' });
  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'user.submit' });
  }

  return (
    <Modal title="Edit Golden Set" onCancel={cancel}>
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
              Description
            </label>
            <textarea
              id={descriptionId}
              className={modal.input}
              rows={3}
              value={description}
              onChange={(event) => actor.send({ type: 'user.changeDescription', value: event.target.value })}
            />
          </div>
          <div className={modal.field}>
            <label htmlFor={marketId} className={modal.label}>
              Market
            </label>
            <input
              id={marketId}
              className={modal.input}
              value={market}
              onChange={(event) => actor.send({ type: 'user.changeMarket', value: event.target.value })}
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
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
