import type { SnapshotFrom } from 'xstate';
import type { experimentRunsPageMachine } from './experiment-runs-page.machine';

export type ExperimentRunsPageSnapshot = SnapshotFrom<typeof experimentRunsPageMachine>;

export const selectRunList = (snapshot: ExperimentRunsPageSnapshot) => snapshot.context.runList;
export const selectRunProgress = (snapshot: ExperimentRunsPageSnapshot) => snapshot.context.runProgress;
/** The address named no valid id: the page says so instead of showing its flows. */
export const selectNotFound = (snapshot: ExperimentRunsPageSnapshot) => snapshot.hasTag('notFound');
/** The server has no record of that id: the page says so and shows no actions. */
export const selectMissing = (snapshot: ExperimentRunsPageSnapshot) => snapshot.hasTag('missing');
export const selectExperiment = (snapshot: ExperimentRunsPageSnapshot) => snapshot.context.experiment;
export const selectPageCoverage = (snapshot: ExperimentRunsPageSnapshot) => snapshot.context.coverage;
export const selectTrendMetric = (snapshot: ExperimentRunsPageSnapshot) => snapshot.context.trendMetric;
export const selectCompareSelection = (snapshot: ExperimentRunsPageSnapshot) => snapshot.context.compareSelection;
