import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { resetPasswordMachine } from '../../machines/admin/reset-password.machine';
import {
  selectCanCancel,
  selectCanSubmit,
  selectFailure,
  selectFields,
  selectIsBusy,
  selectIsOpen,
} from '../../machines/shared/form-dialog.selectors';
import { PasswordField } from './AccountFields';
import { FormDialog } from '../ui/FormDialog';

// /accounts: 'Reset password' of one account (New password*; Cancel, 'Reset password' / 'Resetting...').
export function ResetPasswordDialog({ actor }: { actor: ActorRefFrom<typeof resetPasswordMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const { username, password } = useSelector(actor, selectFields);
  const error = useSelector(actor, selectFailure);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  if (!open) return null;

  return (
    <FormDialog
      title={`Reset the password of ${username}`}
      busy={busy}
      canCancel={canCancel}
      canSubmit={canSubmit}
      submitLabel="Reset password"
      busyLabel="Resetting..."
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      error={error}
    >
      <p>{username} is signed out everywhere and signs in again with the new password.</p>
      <PasswordField
        label="New password*"
        value={password}
        onChange={(value) => actor.send({ type: 'user.change', fields: { password: value } })}
      />
    </FormDialog>
  );
}
