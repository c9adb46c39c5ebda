import type { SnapshotFrom } from 'xstate';
import type { demoDataRemovalMachine } from './demo-data-removal.machine';

export type DemoDataRemovalSnapshot = SnapshotFrom<typeof demoDataRemovalMachine>;

export const selectDemoDataLoadFailed = (snapshot: DemoDataRemovalSnapshot) => snapshot.hasTag('loadFailed');
/** Demo data is there: the panel shows its counts and offers the removal. */
export const selectHasDemoData = (snapshot: DemoDataRemovalSnapshot) => snapshot.hasTag('present');
export const selectDemoCounts = (snapshot: DemoDataRemovalSnapshot) => snapshot.context.state?.counts ?? null;
export const selectIsDialogOpen = (snapshot: DemoDataRemovalSnapshot) => snapshot.hasTag('dialogOpen');
export const selectIsRemoving = (snapshot: DemoDataRemovalSnapshot) => snapshot.hasTag('busy');
/** The server refused for good (runs or experiments use the demo data): the dialog says why, only Close is left. */
export const selectIsRefused = (snapshot: DemoDataRemovalSnapshot) => snapshot.hasTag('refused');
export const selectDemoDataError = (snapshot: DemoDataRemovalSnapshot) => snapshot.context.error;
/** What the removal removed and kept, once it is done. */
export const selectRemoval = (snapshot: DemoDataRemovalSnapshot) => (snapshot.hasTag('removed') ? snapshot.context.removal : null);
export const selectCanConfirmRemoval = (snapshot: DemoDataRemovalSnapshot) => snapshot.can({ type: 'user.confirm' });
export const selectCanCancelRemoval = (snapshot: DemoDataRemovalSnapshot) => snapshot.can({ type: 'user.cancel' });
