import type { SnapshotFrom } from 'xstate';
import type { runResultsPageMachine } from './run-results-page.machine';

export type RunResultsPageSnapshot = SnapshotFrom<typeof runResultsPageMachine>;

export const selectList = (snapshot: RunResultsPageSnapshot) => snapshot.context.list;
export const selectSummary = (snapshot: RunResultsPageSnapshot) => snapshot.context.summary;
export const selectExporter = (snapshot: RunResultsPageSnapshot) => snapshot.context.exporter;
export const selectComparer = (snapshot: RunResultsPageSnapshot) => snapshot.context.comparer;
export const selectRescorer = (snapshot: RunResultsPageSnapshot) => snapshot.context.rescorer;
/** The address named no valid id: the page says so instead of showing its flows. */
export const selectNotFound = (snapshot: RunResultsPageSnapshot) => snapshot.hasTag('notFound');
/** The server has no record of that id: the page says so and shows no actions. */
export const selectMissing = (snapshot: RunResultsPageSnapshot) => snapshot.hasTag('missing');
