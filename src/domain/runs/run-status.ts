import type { ExperimentRun, RunProgress } from '../experiments/evaluation-backend-types';
import { formatCount } from '../shared/format-count';
import { runLabel } from './run-label';

// What a run's status means for the console: a pending or running run is watched until it ends in
// success, failed or cancelled. Older demo runs may carry other statuses; those are never watched.

const ACTIVE_STATUSES = new Set(['pending', 'running']);

/** A run that is still going: the console polls it. */
export function isActiveRun(run: Pick<ExperimentRun, 'status'>): boolean {
  return ACTIVE_STATUSES.has(run.status);
}

/** The run to watch in a list of runs (newest first): the first pending or running one, or null. */
export function activeRunOf(runs: readonly ExperimentRun[]): ExperimentRun | null {
  return runs.find(isActiveRun) ?? null;
}

/** A list's rows with the watched run's fresher copy in place of its row (the list reloads only when it ends). */
export function withLatestRun<Run extends ExperimentRun>(runs: readonly Run[], latest: ExperimentRun | null): Run[] {
  if (!latest) return [...runs];
  return runs.map((run) => (run.id === latest.id ? { ...run, ...latest } : run));
}

/** '1,234 / 10,000 entries'; while the total is unknown (0 or missing), 'Preparing...'. */
export function formatRunProgress(progress: RunProgress | undefined): string {
  if (!progress || !(progress.total > 0)) return 'Preparing...';
  return `${formatCount(progress.done)} / ${formatCount(progress.total)} entries`;
}

const plural = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;

/** '120 results · 100 passed · 20 failed', with ' · n unjudged' and ' · n errors' when there were any. */
export function formatRunCounts(summary: { results: number; passed: number; failed: number; unjudged?: number; errors: number }): string {
  const parts = [plural(summary.results, 'result'), `${formatCount(summary.passed)} passed`, `${formatCount(summary.failed)} failed`];
  if (summary.unjudged) parts.push(`${formatCount(summary.unjudged)} unjudged`);
  if (summary.errors > 0) parts.push(plural(summary.errors, 'error'));
  return parts.join(' · ');
}

/**
 * Which queries a run's means are taken over, e.g. 'Means over 52 queries: passed or failed, each query
 * once.', then the results a repeated query left out. Undefined for runs made elsewhere (no count).
 */
export function formatMeanBasis(summary: { counted?: number; repeated?: number }): string | undefined {
  if (summary.counted === undefined) return undefined;
  const queries = summary.counted === 1 ? '1 query' : `${formatCount(summary.counted)} queries`;
  const over = `Means over ${queries}: passed or failed, each query once.`;
  if (!summary.repeated) return over;
  if (summary.repeated === 1) return `${over} 1 result repeats an earlier entry's query and is left out.`;
  return `${over} ${formatCount(summary.repeated)} results repeat an earlier entry's query and are left out.`;
}

/** What the progress panel says about a run in each status. */
export function runStatusSentence(run: Pick<ExperimentRun, 'id' | 'number' | 'status'>): string {
  switch (run.status) {
    case 'pending':
      return `${runLabel(run)} is waiting to start.`;
    case 'running':
      return `${runLabel(run)} is running.`;
    case 'success':
      return `${runLabel(run)} finished.`;
    case 'failed':
      return `${runLabel(run)} failed.`;
    case 'cancelled':
      return `${runLabel(run)} was cancelled.`;
    default:
      return `${runLabel(run)}: ${run.status}.`;
  }
}
