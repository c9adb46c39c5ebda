import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { addAccountMachine } from '../../machines/admin/add-account.machine';
import {
  selectCanCancel,
  selectCanSubmit,
  selectFailure,
  selectFields,
  selectIsBusy,
  selectIsOpen,
} from '../../machines/shared/form-dialog.selectors';
import { PasswordField, RoleField } from './AccountFields';
import { FormDialog } from '../ui/FormDialog';
import { TextField } from '../ui/TextField';

// /accounts: 'Add account' (Username*, Password*, Role; Cancel, 'Add' / 'Adding...').
export function AddAccountDialog({ actor }: { actor: ActorRefFrom<typeof addAccountMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const { username, password, role } = useSelector(actor, selectFields);
  const error = useSelector(actor, selectFailure);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  if (!open) return null;

  return (
    <FormDialog
      title="Add account"
      busy={busy}
      canCancel={canCancel}
      canSubmit={canSubmit}
      submitLabel="Add"
      busyLabel="Adding..."
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      error={error}
    >
      <TextField
        label="Username*"
        value={username}
        required
        onChange={(value) => actor.send({ type: 'user.change', fields: { username: value } })}
      />
      <PasswordField
        label="Password*"
        value={password}
        onChange={(value) => actor.send({ type: 'user.change', fields: { password: value } })}
      />
      <RoleField value={role} onChange={(value) => actor.send({ type: 'user.change', fields: { role: value } })} />
    </FormDialog>
  );
}
