import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { JudgeFields } from '../../domain/judges/judge-form';
import type { judgeFormMachine } from '../../machines/judges/judge-form.machine';
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

type Field = { name: Exclude<keyof JudgeFields, 'id'>; label: string; rows?: number };

const FIELDS: readonly Field[] = [
  { name: 'name', label: 'Name*' },
  { name: 'base_url', label: 'Base URL* (the /v1 root)' },
  { name: 'model', label: 'Model*' },
  { name: 'api_key', label: 'API key ({env:MODEL_JUDGE_…} allowed)' },
  { name: 'temperature', label: 'Temperature' },
  { name: 'seed', label: 'Seed' },
  { name: 'prompt_template', label: 'Prompt template (empty: the default)', rows: 6 },
  { name: 'guidelines', label: 'Guidelines', rows: 3 },
  { name: 'product_fields', label: 'Product fields (comma-separated)' },
  { name: 'products_per_call', label: 'Products per call' },
  { name: 'concurrency', label: 'Concurrency' },
  { name: 'requests_per_minute', label: 'Requests per minute' },
  { name: 'price_per_1k_input', label: 'Price per 1,000 input tokens' },
  { name: 'price_per_1k_output', label: 'Price per 1,000 output tokens' },
];

// /model-judges: 'New model judge' or a row's Edit, every setting of the judge (Cancel, 'Save' / 'Saving...').
export function JudgeFormDialog({ actor }: { actor: ActorRefFrom<typeof judgeFormMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const fields = useSelector(actor, selectFields);
  const error = useSelector(actor, selectFailure);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  if (!open) return null;

  return (
    <FormDialog
      title={fields.id === null ? 'New model judge' : 'Edit model judge'}
      busy={busy}
      canCancel={canCancel}
      canSubmit={canSubmit}
      submitLabel="Save"
      busyLabel="Saving..."
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      error={error}
    >
      {FIELDS.map(({ name, label, rows }) => (
        <TextField
          key={name}
          label={label}
          value={fields[name]}
          rows={rows}
          onChange={(value) => actor.send({ type: 'user.change', fields: { [name]: value } })}
        />
      ))}
    </FormDialog>
  );
}
