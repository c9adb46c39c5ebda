import type { ExperimentRunResult } from '../experiments/evaluation-backend-types';
import { resultsOrigin } from '../shell/origin';

// On /experiment-run-result-details/{id} the row comes from the results table through history
// state. Anything else in the state (nothing, another row, a stale shape) counts as not passed.

export type PassedRow = { result: ExperimentRunResult; runId: number; page: number };

export function readPassedRunResult(state: unknown, resultId: number | null): PassedRow | null {
  if (resultId === null || typeof state !== 'object' || state === null) return null;
  const { result, runId, page } = state as Partial<PassedRow>;
  if (typeof result !== 'object' || result === null || result.id !== resultId) return null;
  if (typeof result.result !== 'object' || result.result === null) return null;
  if (typeof runId !== 'number' || typeof page !== 'number') return null;
  return { result, runId, page };
}

/**
 * Where 'Back to Results' goes: the run's results the person came from, as they left them (filter, sort, page);
 * else the run's results at the row's page (page 1 when the details were opened by address).
 */
export const resultsAddress = ({ runId, page }: Pick<PassedRow, 'runId' | 'page'>, origin: string | null): string =>
  resultsOrigin(origin, runId) ?? `/experiment-run-results/${runId}?page=${page}`;
