import type { ExperimentRuns } from './backend/experiment-runs';
import type { GoldenSets } from './backend/golden-sets';
import { DEFAULT_SCALE } from '../domain/golden-sets/grade-scale';
import { goldenSetIdOf, NO_GOLDEN_SET } from '../domain/judging/judge-queue';
import type { RunGoldenSetState, RunJudgingTarget } from '../domain/judging/judging-types';

// Judging from a run needs what two resources say: the run names its golden set, the golden set its scale.
// A refusal (404, a run without a golden set) fails with the server's own sentence, or says the run has none.

export type RunJudging = ReturnType<typeof createRunJudging>;

export function createRunJudging(experimentRuns: Pick<ExperimentRuns, 'getRun'>, goldenSets: Pick<GoldenSets, 'getGoldenSet'>) {
  /** The scale of a golden set: what its grade keys go up to (the server's default until a server sends one). */
  const scaleOf = async (goldenSetId: number) => (await goldenSets.getGoldenSet(goldenSetId)).scale ?? DEFAULT_SCALE;
  return {
    scaleOf,

    /** The run's golden set and its scale, and the run's number; fails when the run has no golden set. */
    judgingTarget: async (runId: number): Promise<RunJudgingTarget> => {
      const run = (await experimentRuns.getRun(runId)) as RunGoldenSetState & { config?: unknown; number?: number | null };
      const goldenSetId = run.golden_set_id ?? goldenSetIdOf(run.config);
      if (!goldenSetId) throw new Error(NO_GOLDEN_SET);
      return { goldenSetId, scale: await scaleOf(goldenSetId), runNumber: run.number ?? null };
    },

    /** A golden set judged as a whole: its scale and name. */
    setTarget: async (goldenSetId: number): Promise<RunJudgingTarget> => {
      const set = await goldenSets.getGoldenSet(goldenSetId);
      return { goldenSetId, scale: set.scale ?? DEFAULT_SCALE, runNumber: null, setName: set.name };
    },
  };
}
