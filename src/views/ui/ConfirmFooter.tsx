import * as modal from './modal.css';
import { button } from './button.css';
import { errorMessage } from './status.css';

/**
 * The foot of a dialog that asks before a change it cannot undo: the failure (if any), a secondary button that
 * backs out, and the danger button that confirms, hidden once the server has refused for good.
 */
export function ConfirmFooter(props: {
  error: string | null;
  refused: boolean;
  canCancel: boolean;
  canConfirm: boolean;
  busy: boolean;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <>
      {props.error && (
        <p role="alert" className={errorMessage}>
          {props.error}
        </p>
      )}
      <div className={modal.buttons}>
        <button type="button" className={button({ tone: 'secondary' })} disabled={!props.canCancel} onClick={props.onCancel}>
          {props.cancelLabel}
        </button>
        {!props.refused && (
          <button
            type="button"
            className={button({ tone: 'danger' })}
            disabled={!props.canConfirm}
            aria-busy={props.busy}
            onClick={props.onConfirm}
          >
            {props.busy ? props.busyLabel : props.confirmLabel}
          </button>
        )}
      </div>
    </>
  );
}
