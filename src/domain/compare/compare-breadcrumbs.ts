import { listOrigin } from '../shell/origin';
import type { ComparedRun } from './comparison-types';
import { runLabel } from '../runs/run-label';

// The way back above a comparison: Experiments › the experiment, and the run when it was opened from a run's
// results. The step the person came from is the very address they left, with its filter, sort and page;
// opened by its address, the comparison leads to the candidate's experiment. Pure.

export type Crumb = { label: string; href: string };

const EXPERIMENTS: Crumb = { label: 'Experiments', href: '/experiments' };

/** The run's experiment, or for an evaluation's run the evaluation. */
const experimentOf = (run: ComparedRun): Crumb =>
  run.evaluation
    ? { label: run.evaluation.name, href: `/evaluations/${run.evaluation.id}` }
    : { label: run.experiment_name ?? '', href: `/experiment-runs/${run.experiment_id}` };

export function compareCrumbs(origin: string | null, { baseline, candidate }: { baseline: ComparedRun; candidate: ComparedRun }): Crumb[] {
  const from = listOrigin(origin);
  const runs = [candidate, baseline];
  const fromRuns = from?.kind === 'runs' ? runs.find((run) => run.experiment_id === from.id) : undefined;
  if (from && fromRuns) return [EXPERIMENTS, { label: fromRuns.experiment_name ?? '', href: from.address }];
  const fromResults = from?.kind === 'results' ? runs.find((run) => run.id === from.id) : undefined;
  if (from && fromResults) return [EXPERIMENTS, experimentOf(fromResults), { label: runLabel(fromResults), href: from.address }];
  return [EXPERIMENTS, experimentOf(candidate)];
}
