import type { SnapshotFrom } from 'xstate';
import type { tryQueryMachine } from './try-query.machine';

export type TryQuerySnapshot = SnapshotFrom<typeof tryQueryMachine>;

export const selectQuery = (snapshot: TryQuerySnapshot) => snapshot.context.query;
export const selectIsTrying = (snapshot: TryQuerySnapshot) => snapshot.hasTag('trying');
export const selectTryResult = (snapshot: TryQuerySnapshot) => snapshot.context.result;
export const selectTryError = (snapshot: TryQuerySnapshot) => snapshot.context.error;
