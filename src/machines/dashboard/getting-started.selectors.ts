import type { SnapshotFrom } from 'xstate';
import type { gettingStartedMachine } from './getting-started.machine';

export type GettingStartedSnapshot = SnapshotFrom<typeof gettingStartedMachine>;

export const selectChecklistShown = (snapshot: GettingStartedSnapshot) => snapshot.hasTag('shown');
/** Every step in order, with its label, link and whether it is done. */
export const selectChecklistSteps = (snapshot: GettingStartedSnapshot) => snapshot.context.steps;
