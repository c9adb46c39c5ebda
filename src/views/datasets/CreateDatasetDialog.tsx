import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { createDatasetMachine } from '../../machines/datasets/create-dataset.machine';
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

// /datasets: the 'Add New Dataset' modal (Name*, Description, Cancel, 'Create Dataset' / 'Creating...').
export function CreateDatasetDialog({ actor }: { actor: ActorRefFrom<typeof createDatasetMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const { name, description } = useSelector(actor, selectFields);
  const error = useSelector(actor, selectFailure);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  if (!open) return null;

  return (
    <FormDialog
      title="Add New Dataset"
      busy={busy}
      canCancel={canCancel}
      canSubmit={canSubmit}
      submitLabel="Create Dataset"
      busyLabel="Creating..."
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      error={error}
    >
      <TextField label="Name*" value={name} required onChange={(value) => actor.send({ type: 'user.change', fields: { name: value } })} />
      <TextField
        label="Description"
        value={description}
        required
        rows={3}
        onChange={(value) => actor.send({ type: 'user.change', fields: { description: value } })}
      />
    </FormDialog>
  );
}
