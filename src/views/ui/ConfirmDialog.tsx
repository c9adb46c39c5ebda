import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { confirmModalMachine } from '../../machines/shared/confirm-modal.machine';
import {
  selectCanCancel,
  selectCanConfirm,
  selectConfirmError,
  selectIsBusy,
  selectIsOpen,
  selectIsRefused,
  selectSubject,
} from '../../machines/shared/confirm-modal.selectors';
import { Modal } from './Modal';
import * as modal from './modal.css';
import { ConfirmFooter } from './ConfirmFooter';

// The one delete confirmation, shared by every screen that deletes, over a confirm-modal actor; the caller words the question.
export function ConfirmDialog({
  actor,
  title,
  question,
  detail,
  confirmLabel = 'Delete',
  busyLabel = 'Deleting...',
}: {
  actor: ActorRefFrom<typeof confirmModalMachine>;
  title: string;
  question(subject: { id: number; name: string }): string;
  /** What is about to go, when the question does not name it (an entry's input). */
  detail?(subject: { id: number; name: string }): string;
  confirmLabel?: string;
  busyLabel?: string;
}) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const refused = useSelector(actor, selectIsRefused);
  const subject = useSelector(actor, selectSubject);
  const error = useSelector(actor, selectConfirmError);
  const canConfirm = useSelector(actor, selectCanConfirm);
  const canCancel = useSelector(actor, selectCanCancel);
  if (!open || !subject) return null;

  const cancel = () => actor.send({ type: 'user.cancel' });
  return (
    <Modal title={title} onCancel={cancel}>
      {!refused && <p>{question(subject)}</p>}
      {detail && <p className={modal.subject}>{detail(subject)}</p>}
      {!refused && <p>This action cannot be undone.</p>}
      <ConfirmFooter
        {...{ error, refused, canCancel, canConfirm, busy, confirmLabel, busyLabel }}
        cancelLabel="Cancel"
        onCancel={cancel}
        onConfirm={() => actor.send({ type: 'user.confirm' })}
      />
    </Modal>
  );
}
