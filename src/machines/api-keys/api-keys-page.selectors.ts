import type { SnapshotFrom } from 'xstate';
import type { apiKeysPageMachine } from './api-keys-page.machine';
import type { newApiKeyMachine } from './new-api-key.machine';

type PageSnapshot = SnapshotFrom<typeof apiKeysPageMachine>;
type NewKeySnapshot = SnapshotFrom<typeof newApiKeyMachine>;

export const selectList = (snapshot: PageSnapshot) => snapshot.context.list;
export const selectNewKey = (snapshot: PageSnapshot) => snapshot.context.newKey;

export const selectIsOpen = (snapshot: NewKeySnapshot) => snapshot.hasTag('modalOpen');
export const selectIsBusy = (snapshot: NewKeySnapshot) => snapshot.hasTag('busy');
export const selectFields = (snapshot: NewKeySnapshot) => snapshot.context.fields;
export const selectFailure = (snapshot: NewKeySnapshot) => snapshot.context.failure;
export const selectCanSubmit = (snapshot: NewKeySnapshot) => snapshot.can({ type: 'user.submit' });
/** The key just made, with its secret, while the dialog shows it. */
export const selectCreated = (snapshot: NewKeySnapshot) => (snapshot.matches('created') ? snapshot.context.created : null);
/** What the Copy button's note says: copied, or that the browser would not. */
export const selectCopyState = (snapshot: NewKeySnapshot): 'copied' | 'failed' | null =>
  snapshot.matches({ created: 'copied' }) ? 'copied' : snapshot.matches({ created: 'copyFailed' }) ? 'failed' : null;
