import type { ApiClient } from '../api-client';
import { validated } from '../failure-message';
import type { TryQuery, TryResult } from '../../domain/experiments/workbench-types';

// search-targets/ on the evaluation backend (server/routes/backend/experiment-tools.ts): one query tried
// through a search target before an experiment is saved.

export type SearchTargets = ReturnType<typeof createSearchTargets>;

export function createSearchTargets(api: ApiClient) {
  return {
    /** POST search-targets/try → the target's hits; a 400 with the server's details for the form's fields. */
    tryQuery: (request: TryQuery) => validated(api<TryResult>('search-targets/try', { method: 'POST', body: request })),
  };
}
