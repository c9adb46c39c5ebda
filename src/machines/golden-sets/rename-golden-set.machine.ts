import { messageOf } from '../../domain/shared/error-message';
import { formDialogMachine } from '../shared/form-dialog.machine';

// On /golden-sets, the 'Edit Golden Set' modal (shared/form-dialog.machine.ts). It opens with the set's id, name,
// description and market (`user.open`'s fields); the name is required once trimmed, and all three are sent
// trimmed; the form is disabled while saving; a failure (e.g. a duplicate name's 409) keeps it open with the
// server's message. On success its reload target (the list) hears `reload`.

export type GoldenSetToRename = { id: number; name: string; description: string; market: string };

/** A golden set needs a name once trimmed; description and market may stay empty. */
export const isGoldenSetNameGiven = (form: { name: string }) => form.name.trim() !== '';

export const renameGoldenSetMachine = formDialogMachine<GoldenSetToRename, GoldenSetToRename, void>({
  id: 'renameGoldenSet',
  sending: 'saving',
  submitId: 'saveGoldenSet',
  // Closed, no set is being edited: the form is only sent after `user.open` gave it the set's id.
  empty: { id: 0, name: '', description: '', market: '' },
  requestOf: ({ id, name, description, market }) => ({ id, name: name.trim(), description: description.trim(), market: market.trim() }),
  failureOf: messageOf,
}).provide({
  guards: { isReady: (_, { fields }: { fields: GoldenSetToRename }) => isGoldenSetNameGiven(fields) },
});
