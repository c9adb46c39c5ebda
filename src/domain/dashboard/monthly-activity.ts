// The dashboard's charts: its five counts, and the four series of Monthly Activity as the server counts them
// (GET activity). Each series is one of the counts, so both charts colour it alike. Pure.
import type { ActivityMonth } from '../../../server/schemas/activity';

export type { ActivityMonth };

/** The dashboard's five counts. */
export type CountKey = 'datasets' | 'datasetEntries' | 'goldenSets' | 'evaluations' | 'experiments';

/** The months Monthly Activity draws, this one included. */
export const ACTIVITY_MONTHS = 6;

type ActivitySeries = { label: string; field: Exclude<keyof ActivityMonth, 'month'>; count: CountKey };

/** The bars of each month, in order: Datasets, Evaluations, Golden Sets, Experiments. */
export const activitySeries: readonly ActivitySeries[] = [
  { label: 'Datasets', field: 'datasets', count: 'datasets' },
  { label: 'Evaluations', field: 'evaluations', count: 'evaluations' },
  { label: 'Golden Sets', field: 'golden_sets', count: 'goldenSets' },
  { label: 'Experiments', field: 'experiments', count: 'experiments' },
];

const monthFormat = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2026-11' as the axis and table name it: 'Nov 2026'. */
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
