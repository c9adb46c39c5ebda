import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { changePasswordMachine } from '../../machines/shell/change-password.machine';
import {
  selectCanCancel,
  selectCanSubmit,
  selectDraft,
  selectFieldProblem,
  selectFormProblem,
  selectIsBusy,
  selectIsChanged,
  selectIsOpen,
} from '../../machines/shell/change-password.selectors';
import type { PasswordField } from '../../domain/shell/password-change';
import { FormDialog } from '../ui/FormDialog';
import { Modal } from '../ui/Modal';
import { button } from '../ui/button.css';
import * as modal from '../ui/modal.css';
import { errorMessage } from '../ui/status.css';

type ChangePasswordRef = ActorRefFrom<typeof changePasswordMachine>;

const fields: ReadonlyArray<{ field: PasswordField; label: string; autoComplete: string }> = [
  { field: 'current', label: 'Current password', autoComplete: 'current-password' },
  { field: 'new', label: 'New password', autoComplete: 'new-password' },
  { field: 'repeat', label: 'Repeat the new password', autoComplete: 'new-password' },
];

// The user menu's 'Change password' (local accounts): current, new, repeat; a refusal beside the
// field it names; 'Password changed' once done.
export function ChangePasswordDialog({ actor }: { actor: ChangePasswordRef }) {
  const open = useSelector(actor, selectIsOpen);
  const changed = useSelector(actor, selectIsChanged);
  const busy = useSelector(actor, selectIsBusy);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  const formProblem = useSelector(actor, selectFormProblem);
  if (!open) return null;

  if (changed)
    return (
      <Modal title="Change password" onCancel={() => actor.send({ type: 'user.close' })}>
        <p role="status">Your password has been changed.</p>
        <div className={modal.buttons}>
          <button type="button" className={button({ tone: 'primary' })} onClick={() => actor.send({ type: 'user.close' })}>
            Close
          </button>
        </div>
      </Modal>
    );

  return (
    <FormDialog
      title="Change password"
      busy={busy}
      canCancel={canCancel}
      canSubmit={canSubmit}
      submitLabel="Change password"
      busyLabel="Changing..."
      onCancel={() => canCancel && actor.send({ type: 'user.cancel' })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      error={formProblem}
    >
      {fields.map((field) => (
        <PasswordInput key={field.field} actor={actor} {...field} />
      ))}
    </FormDialog>
  );
}

function PasswordInput({
  actor,
  field,
  label,
  autoComplete,
}: {
  actor: ChangePasswordRef;
  field: PasswordField;
  label: string;
  autoComplete: string;
}) {
  const id = useId();
  const value = useSelector(actor, (snapshot) => selectDraft(snapshot)[field]);
  const problem = useSelector(actor, selectFieldProblem(field));
  const problemId = `${id}-problem`;
  return (
    <div className={modal.field}>
      <label htmlFor={id} className={modal.label}>
        {label}
      </label>
      <input
        id={id}
        type="password"
        className={modal.input}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={problem === null ? undefined : problemId}
        onChange={(event) => actor.send({ type: 'user.change', field, value: event.target.value })}
      />
      {problem !== null && (
        <p id={problemId} className={errorMessage}>
          {problem}
        </p>
      )}
    </div>
  );
}
