import { formatDateTime } from '../shared/format-date';

// How a schedule's times read on the console: the cron is UTC, as the server keeps it; the times it makes are
// shown on the reader's own clock, as every other time on the console.

/** The hint under the cron box: its next runs, or why there are none to show. */
export function nextRunsHint(nextRuns: readonly string[] | null, problem: string | null): string {
  if (problem) return problem;
  if (nextRuns === null) return 'Five fields in UTC: minute hour day-of-month month day-of-week.';
  return `Next runs (your time): ${nextRuns.slice(0, 3).map(formatDateTime).join(' · ')}`;
}
