import type { SnapshotFrom } from 'xstate';
import type { scriptExperimentsPageMachine } from './script-experiments-page.machine';

export type ScriptExperimentsPageSnapshot = SnapshotFrom<typeof scriptExperimentsPageMachine>;

export const selectDetails = (snapshot: ScriptExperimentsPageSnapshot) => snapshot.context.details;
export const selectList = (snapshot: ScriptExperimentsPageSnapshot) => snapshot.context.list;
/** The address named no valid id: the page says so instead of showing its flows. */
export const selectNotFound = (snapshot: ScriptExperimentsPageSnapshot) => snapshot.hasTag('notFound');
/** The server has no record of that id: the page says so and shows no actions. */
export const selectMissing = (snapshot: ScriptExperimentsPageSnapshot) => snapshot.hasTag('missing');
