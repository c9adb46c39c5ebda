import { messageOf } from '../../domain/shared/error-message';
import { formDialogMachine } from '../shared/form-dialog.machine';

// On /datasets, the 'Add New Dataset' modal (shared/form-dialog.machine.ts). Name and description are required
// and trimmed; 'Create Dataset' is refused while either is blank; the form is disabled while submitting; after
// creation the person lands in the new dataset's editor (the `submitted` action the logic provides). A failure
// (e.g. a duplicate name's 409) keeps the form open with the server's message.

export type CreatedDataset = { id: number };

export type NewDataset = { name: string; description: string };

/** Both fields required once trimmed. */
/** A name is all a dataset needs: its description may stay empty. */
export const isDatasetFormComplete = (form: NewDataset) => form.name.trim() !== '';

export const createDatasetMachine = formDialogMachine<NewDataset, NewDataset, CreatedDataset>({
  id: 'createDataset',
  sending: 'submitting',
  submitId: 'createDataset',
  empty: { name: '', description: '' },
  requestOf: ({ name, description }) => ({ name: name.trim(), description: description.trim() }),
  failureOf: messageOf,
}).provide({
  guards: { isReady: (_, { fields }: { fields: NewDataset }) => isDatasetFormComplete(fields) },
});
