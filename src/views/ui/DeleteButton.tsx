import type { ActorRefFrom } from 'xstate';
import type { ConfirmSubject, confirmModalMachine } from '../../machines/shared/confirm-modal.machine';
import { button } from './button.css';

/** A row's Delete: opens the list's delete confirmation for this row. */
export function DeleteButton(props: {
  confirm: ActorRefFrom<typeof confirmModalMachine> | undefined;
  subject: ConfirmSubject;
  label: string;
}) {
  return (
    <button
      type="button"
      className={button({ tone: 'danger', size: 'small' })}
      aria-label={props.label}
      onClick={() => props.confirm?.send({ type: 'user.open', subject: props.subject })}
    >
      Delete
    </button>
  );
}
