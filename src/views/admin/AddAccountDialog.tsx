import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { addAccountMachine } from '../../machines/admin/add-account.machine';
import {
  selectAddError,
  selectCanCancel,
  selectCanSubmit,
  selectIsBusy,
  selectIsOpen,
  selectPassword,
  selectRole,
  selectUsername,
} from '../../machines/admin/add-account.selectors';
import { PasswordField, RoleField } from './AccountFields';
import { FormDialog } from '../ui/FormDialog';
import { TextField } from '../ui/TextField';

// /accounts: 'Add account' (Username*, Password*, Role; Cancel, 'Add' / 'Adding...').
export function AddAccountDialog({ actor }: { actor: ActorRefFrom<typeof addAccountMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const username = useSelector(actor, selectUsername);
  const password = useSelector(actor, selectPassword);
  const role = useSelector(actor, selectRole);
  const error = useSelector(actor, selectAddError);
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
      <TextField label="Username*" value={username} required onChange={(value) => actor.send({ type: 'user.changeUsername', value })} />
      <PasswordField label="Password*" value={password} onChange={(value) => actor.send({ type: 'user.changePassword', value })} />
      <RoleField value={role} onChange={(value) => actor.send({ type: 'user.changeRole', role: value })} />
    </FormDialog>
  );
}
