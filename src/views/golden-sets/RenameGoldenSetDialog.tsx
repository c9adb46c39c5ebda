import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { renameGoldenSetMachine } from '../../machines/golden-sets/rename-golden-set.machine';
import {
  selectCanCancel,
  selectCanSubmit,
  selectFailure,
  selectFields,
  selectIsBusy,
  selectIsOpen,
} from '../../machines/shared/form-dialog.selectors';
import { FormDialog } from '../ui/FormDialog';
import { TextField } from '../ui/TextField';

// /golden-sets: 'Edit Golden Set' (Name*, Description, Market; Cancel, 'Save' / 'Saving...').
export function RenameGoldenSetDialog({ actor }: { actor: ActorRefFrom<typeof renameGoldenSetMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const { name, description, market } = useSelector(actor, selectFields);
  const error = useSelector(actor, selectFailure);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  if (!open) return null;

  return (
    <FormDialog
      title="Edit Golden Set"
      busy={busy}
      canCancel={canCancel}
      canSubmit={canSubmit}
      submitLabel="Save"
      busyLabel="Saving..."
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      error={error}
    >
      <TextField label="Name*" value={name} required onChange={(value) => actor.send({ type: 'user.change', fields: { name: value } })} />
      <TextField
        label="Description"
        value={description}
        rows={3}
        onChange={(value) => actor.send({ type: 'user.change', fields: { description: value } })}
      />
      <TextField label="Market" value={market} onChange={(value) => actor.send({ type: 'user.change', fields: { market: value } })} />
    </FormDialog>
  );
}
