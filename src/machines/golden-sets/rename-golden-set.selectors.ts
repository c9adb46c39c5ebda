import type { SnapshotFrom } from 'xstate';
import type { renameGoldenSetMachine } from './rename-golden-set.machine';

export type RenameGoldenSetSnapshot = SnapshotFrom<typeof renameGoldenSetMachine>;

export const selectIsOpen = (snapshot: RenameGoldenSetSnapshot) => snapshot.hasTag('modalOpen');
export const selectIsBusy = (snapshot: RenameGoldenSetSnapshot) => snapshot.hasTag('busy');
export const selectName = (snapshot: RenameGoldenSetSnapshot) => snapshot.context.name;
export const selectDescription = (snapshot: RenameGoldenSetSnapshot) => snapshot.context.description;
export const selectMarket = (snapshot: RenameGoldenSetSnapshot) => snapshot.context.market;
export const selectRenameError = (snapshot: RenameGoldenSetSnapshot) => snapshot.context.error;
export const selectCanSubmit = (snapshot: RenameGoldenSetSnapshot) => snapshot.can({ type: 'user.submit' });
export const selectCanCancel = (snapshot: RenameGoldenSetSnapshot) => snapshot.can({ type: 'user.cancel' });
