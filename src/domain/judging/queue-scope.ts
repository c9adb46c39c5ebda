import type { QueueScope } from '../../../server/schemas/judging';

// Which pairs a judge queue offers, pure: a run's queue is scoped (by default to the queries its golden set already
// judges, so grading never adds a query unasked), a golden set's queue is the set's own pairs. The scope lives in
// the address, so a reload or a link from the compare page opens the same queue.

export type { QueueScope };

/** A run's queue's scope, with what `query` and `regressions` need. */
export type ScopeChoice = { scope: QueueScope; query?: string; comparison?: number };

/** What a queue judges: a run's top k in a scope, or a golden set as a whole. A null id: the address had none. */
export type QueueSource = { kind: 'run'; id: number | null; choice: ScopeChoice } | { kind: 'set'; id: number | null };

export const DEFAULT_SCOPE: ScopeChoice = { scope: 'judged' };

const SCOPE_NAMES: Record<QueueScope, string> = {
  judged: 'Queries the golden set judges',
  query: 'One query',
  failures: 'The run’s failing queries',
  regressions: 'The regressions against the compared run',
  all: 'Every query, new ones too',
};

/** The scope's name in the scope list. */
export const scopeName = (scope: QueueScope) => SCOPE_NAMES[scope];

/** The scopes a run's queue can offer now: one query and the regressions only with what they need. */
export function offeredScopes(choice: ScopeChoice): QueueScope[] {
  return (['judged', 'query', 'failures', 'regressions', 'all'] as const).filter(
    (scope) => (scope !== 'query' || choice.query !== undefined) && (scope !== 'regressions' || choice.comparison !== undefined),
  );
}

/** The scope in the address (`?scope=regressions&comparison=5`); the default when absent or incomplete. */
export function scopeFromSearch(search: string): ScopeChoice {
  const params = new URLSearchParams(search);
  const scope = params.get('scope');
  const query = params.get('query')?.trim() || undefined;
  const comparisonText = params.get('comparison') ?? '';
  const comparison = /^\d+$/.test(comparisonText) && Number(comparisonText) > 0 ? Number(comparisonText) : undefined;
  const extras = { ...(query === undefined ? {} : { query }), ...(comparison === undefined ? {} : { comparison }) };
  if (scope === 'query' && query !== undefined) return { scope, ...extras };
  if (scope === 'regressions' && comparison !== undefined) return { scope, ...extras };
  if (scope === 'failures' || scope === 'all') return { scope, ...extras };
  return { ...DEFAULT_SCOPE, ...extras };
}

/** The scope as the address and the API write it; nothing for the default without extras. */
export function scopeParams(choice: ScopeChoice): Record<string, string> {
  const params: Record<string, string> = {};
  if (choice.scope !== 'judged') params.scope = choice.scope;
  if (choice.query !== undefined) params.query = choice.query;
  if (choice.comparison !== undefined) params.comparison = String(choice.comparison);
  return params;
}

/** The queue's address at an offset: a run's with its scope, a golden set's. */
export function queueAddress(source: QueueSource, offset: number): string {
  const path = source.kind === 'run' ? `/experiment-run-results/${source.id}/judge` : `/golden-sets/${source.id}/judge`;
  const params = new URLSearchParams({
    ...(source.kind === 'run' ? scopeParams(source.choice) : {}),
    ...(offset > 0 ? { at: String(offset) } : {}),
  });
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A run's queue's address at an offset, in a scope (the default unless given). */
export const queuePath = (runId: number, offset: number, choice: ScopeChoice = DEFAULT_SCOPE) =>
  queueAddress({ kind: 'run', id: runId, choice }, offset);

/** A golden set's queue's address. */
export const setQueuePath = (goldenSetId: number) => queueAddress({ kind: 'set', id: goldenSetId }, 0);

/** The compare page's way into the candidate's queue, scoped to the queries that dropped against the baseline. */
export const regressionsQueuePath = (candidateId: number, baselineId: number) =>
  queuePath(candidateId, 0, { scope: 'regressions', comparison: baselineId });

/** Where 'Back' leads: the run's results, or the golden set. */
export const sourcePath = (source: QueueSource) =>
  source.kind === 'run' ? `/experiment-run-results/${source.id}` : `/golden-sets/${source.id}`;

/** 'Grading it adds “desk” to the golden set': said before the first grade of a query the set judges nothing for. */
export const newQueryNote = (query: string) => `The golden set judges nothing for “${query}” yet: grading it adds the query to the set.`;

/** The model judges' page with a job for this run's unjudged products already chosen: only the judge is left to pick. */
export const modelJudgePath = (runId: number, goldenSetId: number) => `/model-judges?golden_set=${goldenSetId}&run=${runId}`;
