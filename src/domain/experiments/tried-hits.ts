/** How a tried query's answer reads (Try a query). Pure. */
import { formatCount } from '../shared/format-count';
import type { TryResult } from './workbench-types';

/** 'grade 2', 'unjudged', or nothing when no golden set was chosen. */
export function gradeLabel(grade: number | null, graded: boolean): string {
  if (!graded) return '';
  return grade === null ? 'unjudged' : `grade ${grade}`;
}

/** '3 hits in 42 ms · 2 of them judged relevant (of 5 relevant judgements)'; a failed search: its time. */
export function triedSummary(result: TryResult): string {
  const time = `${formatCount(result.elapsed_ms)} ms`;
  if (result.problem) return `The search failed after ${time}.`;
  const hits = result.hits.length === 1 ? '1 hit' : `${formatCount(result.hits.length)} hits`;
  if (result.judged === undefined) return `${hits} in ${time}.`;
  const relevant = result.hits.filter((hit) => (hit.grade ?? 0) > 0).length;
  const judged = result.judged === 1 ? '1 relevant judgement' : `${formatCount(result.judged)} relevant judgements`;
  return `${hits} in ${time} · ${relevant} judged relevant (the golden set has ${judged} for this query).`;
}
