import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { addEntryMachine } from '../../machines/entries/add-entry.machine';
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
} from '../../machines/entries/add-entry.selectors';
import { EntryFields } from './EntryFields';
import { Modal } from '../ui/Modal';
import { FormDialog } from '../ui/FormDialog';
import * as modal from '../ui/modal.css';
import { button } from '../ui/button.css';
import { errorMessage } from '../ui/status.css';

// The Add Dataset Entry dialog: Input* (4 rows), the datasets multi-select, Metadata (JSON) (8 rows,
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

  return (
    <FormDialog
      title="Add Dataset Entry"
      busy={busy}
      canCancel={canCancel}
      canSubmit={canSubmit}
      submitLabel="Create Entry"
      busyLabel="Creating..."
      onCancel={() => canCancel && cancel()}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      error={error}
    >
      <EntryFields
        input={input}
        metadata={metadata}
        metadataError={metadataError}
        picker={picker}
        disabled={busy}
        onInput={(value) => actor.send({ type: 'user.changeInput', value })}
        onMetadata={(value) => actor.send({ type: 'user.changeMetadata', value })}
      />
    </FormDialog>
  );
}
