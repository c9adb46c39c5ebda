import type { FormEvent, ReactNode } from 'react';
import { Modal } from './Modal';
import * as modal from './modal.css';
import { button } from './button.css';
import { errorMessage } from './status.css';

export type FormDialogProps = {
  title: string;
  /** Fields are disabled and the submit button says `busyLabel` while the machine works. */
  busy: boolean;
  canCancel: boolean;
  canSubmit: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel(): void;
  onSubmit(): void;
  /** Why the last submit failed, in red; `details` (such as a list of problems) below it. */
  error: string | null;
  details?: ReactNode;
  children: ReactNode;
};

// The frame every form dialog shares: the modal, its fields, the failure, Cancel and the submit button.
export function FormDialog({
  title,
  busy,
  canCancel,
  canSubmit,
  submitLabel,
  busyLabel,
  onCancel,
  onSubmit,
  error,
  details,
  children,
}: FormDialogProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <Modal title={title} onCancel={onCancel}>
      <form onSubmit={submit} noValidate>
        <fieldset disabled={busy} className={modal.fieldset}>
          {children}
        </fieldset>
        {error && (
          <div role="alert">
            <p className={errorMessage}>{error}</p>
            {details}
          </div>
        )}
        <div className={modal.buttons}>
          <button type="button" className={button({ tone: 'secondary' })} disabled={!canCancel} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={button({ tone: 'primary' })} disabled={!canSubmit} aria-busy={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
