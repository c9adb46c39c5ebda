/** What Try a query sends for the form as it is, or why it cannot be sent yet. Pure. */
import { hasProblems, targetOf, type Draft } from './experiment-draft';
import type { TryQuery } from './workbench-types';

export function tryRequest(draft: Draft, query: string): { request: TryQuery } | { problem: string } {
  if (query.trim() === '') return { problem: 'Type a query to try.' };
  const target = targetOf(draft);
  if (hasProblems(target.problems)) {
    const [field, problems] = Object.entries(target.problems)[0];
    return { problem: `Search target ${field}: ${problems?.[0]}` };
  }
  const k = Number(draft.k);
  const goldenSetId = Number(draft.golden_set_id);
  return {
    request: {
      search_target: target.value,
      query: query.trim(),
      ...(Number.isInteger(k) && k >= 1 ? { k } : {}),
      ...(draft.golden_set_id !== '' && Number.isSafeInteger(goldenSetId) ? { golden_set_id: goldenSetId } : {}),
    },
  };
}
