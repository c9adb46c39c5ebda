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
/** The watcher of the run while it goes and after it ended on this page; none for a run that had ended when opened. */
export const selectFollower = (snapshot: RunResultsPageSnapshot) => snapshot.children.follower;
/**
 * Why the means and results are not shown yet: the summary has not said whether the run is still going
 * ('opening'), it is ('following'), or its final figures are on their way ('settling'); null once they show.
 */
export const selectFiguresWait = (snapshot: RunResultsPageSnapshot): 'opening' | 'following' | 'settling' | null =>
  snapshot.hasTag('following')
    ? 'following'
    : snapshot.hasTag('settling')
      ? 'settling'
      : snapshot.matches({ showing: 'opening' })
        ? 'opening'
        : null;
