import type { SnapshotFrom } from 'xstate';
import type { runSegmentsMachine } from './run-segments.machine';

export type RunSegmentsSnapshot = SnapshotFrom<typeof runSegmentsMachine>;

/** The keys that group queries, to choose from (those with too many values are left out). */
export const selectKeys = (snapshot: RunSegmentsSnapshot) => snapshot.context.keys.filter((key) => key.groupable);
export const selectKey = (snapshot: RunSegmentsSnapshot) => snapshot.context.key;
export const selectCanChoose = (snapshot: RunSegmentsSnapshot) => snapshot.can({ type: 'user.chooseKey', key: '' });
/** The chosen key's table once answered; each panel knows its shape. */
export const selectTable = <Table>(snapshot: RunSegmentsSnapshot) =>
  snapshot.matches('showing') ? (snapshot.context.table as Table) : null;
export const selectLoading = (snapshot: RunSegmentsSnapshot) => snapshot.hasTag('busy');
export const selectNoKeys = (snapshot: RunSegmentsSnapshot) => snapshot.hasTag('empty');
export const selectError = (snapshot: RunSegmentsSnapshot) => (snapshot.hasTag('failed') ? snapshot.context.error : null);
export const selectKeysFailed = (snapshot: RunSegmentsSnapshot) => snapshot.matches('keysFailed');
