import type { ApiClient } from '../api-client';
import { foundOrNull } from '../failure-message';
import type { RunResultWithNames } from '../../domain/experiments/workbench-types';

// experiment-run-results/ on the evaluation backend (server/routes/backend/experiment-tools.ts): one run result.

export type ExperimentRunResults = ReturnType<typeof createExperimentRunResults>;

export function createExperimentRunResults(api: ApiClient) {
  return {
    /** GET experiment-run-results/{id}: the result with its judged products' catalogue names (a details screen), or null when there is none. */
    findRunResult: (id: number) => foundOrNull(api<RunResultWithNames>(`experiment-run-results/${encodeURIComponent(id)}`)),
  };
}
