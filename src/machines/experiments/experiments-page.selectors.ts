import type { SnapshotFrom } from 'xstate';
import type { experimentsPageMachine } from './experiments-page.machine';

export type ExperimentsPageSnapshot = SnapshotFrom<typeof experimentsPageMachine>;

export const selectFilter = (snapshot: ExperimentsPageSnapshot) => snapshot.context.filter;
export const selectList = (snapshot: ExperimentsPageSnapshot) => snapshot.context.list;
/** The script whose experiments the list shows; null: every experiment. */
export const selectListScriptId = (snapshot: ExperimentsPageSnapshot) => snapshot.context.scriptId;
