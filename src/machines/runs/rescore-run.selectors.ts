import type { SnapshotFrom } from 'xstate';
import type { rescoreRunMachine } from './rescore-run.machine';

export type RescoreRunSnapshot = SnapshotFrom<typeof rescoreRunMachine>;

export const selectRescoring = (snapshot: RescoreRunSnapshot) => snapshot.hasTag('busy');
/** Why the last rescore was refused. */
export const selectRescoreError = (snapshot: RescoreRunSnapshot) => snapshot.context.error;
