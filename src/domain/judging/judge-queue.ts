import { formatCount } from '../shared/format-count';
import type { GradeScale, UnjudgedItem } from './judging-types';

// The judging queue's arithmetic, pure. The server lists a run's unjudged (query, product) pairs and
// drops each pair once it is judged, so the queue keeps its own numbering from when it opened (the position)
// and turns it into the server's offset by leaving out what it has judged since.

/** Why a run cannot be judged: the queue's failure and the run page's reason for its disabled button. */
export const NO_GOLDEN_SET = 'This run has no golden set to judge into.';

/** Items per page of the unjudged list. */
export const QUEUE_PAGE_SIZE = 50;

/** What a key does in the queue; null: not the queue's key. */
export type QueueKey = { type: 'grade'; grade: number } | { type: 'next' } | { type: 'previous' } | { type: 'skip' };

/** Digits grade (within the scale), Left/Right and j/k move, s skips. */
export function queueKey(key: string, maxGrade: number): QueueKey | null {
  if (/^\d$/.test(key)) return Number(key) <= maxGrade ? { type: 'grade', grade: Number(key) } : null;
  if (key === 'ArrowRight' || key === 'j') return { type: 'next' };
  if (key === 'ArrowLeft' || key === 'k') return { type: 'previous' };
  if (key === 's') return { type: 'skip' };
  return null;
}

/** The keys, as the page shows them: '0–3 grade · ←/→ or j/k move · s skip'. */
export const keysHint = (maxGrade: number) => `0–${Math.min(maxGrade, 9)} grade · ←/→ or j/k move · s skip`;

/** '2 Good': a grade with its label when the scale names it. */
export const gradeName = (scale: GradeScale, grade: number) => (scale.labels[grade] ? `${grade} ${scale.labels[grade]}` : String(grade));

/** The grades 0..max_grade. */
export const gradesOf = (scale: GradeScale) => Array.from({ length: scale.max_grade + 1 }, (_, grade) => grade);

/** How many are done: each position judged or skipped counts once. */
export function doneCount(graded: Record<number, number>, skipped: readonly number[]): { judged: number; skipped: number } {
  const judged = Object.keys(graded).length;
  return { judged, skipped: skipped.filter((position) => graded[position] === undefined).length };
}

/**
 * 'judged 30 · skipped 5 · left 1,958 · 2,104 ratings missing': this session's grades and skips, the pairs still
 * waiting and the ratings the scope still misses (when the server said).
 */
export const queueProgress = (judged: number, skipped: number, left: number, missing: number | null) =>
  `judged ${formatCount(judged)} · skipped ${formatCount(skipped)} · left ${formatCount(left)}` +
  (missing === null ? '' : ` · ${formatCount(missing)} ${missing === 1 ? 'rating' : 'ratings'} missing`);

/** Two spellings of one query, as the server matches them: trimmed, white space collapsed, lower-cased. */
export const sameQuery = (a: string, b: string) => {
  const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return key(a) === key(b);
};

/**
 * How many pairs are still unjudged, a grade on its way counted as given: the server's count less the pairs
 * graded but not yet saved (a position once saved is judged already, whatever its grade becomes).
 */
export function unjudgedLeft(unjudged: number, graded: Record<number, number>, saved: readonly number[]): number {
  const onTheirWay = Object.keys(graded).filter((position) => !saved.includes(Number(position))).length;
  return Math.max(0, unjudged - onTheirWay);
}

/** 'Judged 30, skipped 5'. */
export const queueSummary = (judged: number, skipped: number) => `Judged ${formatCount(judged)}, skipped ${formatCount(skipped)}`;

/** Where a position is in the server's list now: judged pairs before it have dropped out. */
export function liveOffset(position: number, graded: Record<number, number>): number {
  return position - Object.keys(graded).filter((judged) => Number(judged) < position).length;
}

/** The page holding a live offset, and how many of its items come before it. */
export function pageAt(offset: number, pageSize: number): { page: number; skip: number } {
  return { page: Math.floor(offset / pageSize) + 1, skip: offset % pageSize };
}

/** The fetched items numbered from `from` on, up to the first position already known (its order is the queue's). */
export function placeItems(
  items: Record<number, UnjudgedItem>,
  from: number,
  fetched: readonly UnjudgedItem[],
): Record<number, UnjudgedItem> {
  const placed = { ...items };
  for (let index = 0; index < fetched.length && placed[from + index] === undefined; index += 1) placed[from + index] = fetched[index];
  return placed;
}

/** The position in the address (`?at=n`, the server's offset when it was written); 0 when absent or malformed. */
export function atFromSearch(search: string): number {
  const text = new URLSearchParams(search).get('at') ?? '';
  return /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : 0;
}

/** A configuration's golden set id, or null. */
export function goldenSetIdOf(config: unknown): number | null {
  const id = Number((config as { golden_set_id?: unknown } | null | undefined)?.golden_set_id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

type RunJudgingFacts = {
  status: string;
  golden_set_id?: number | null;
  config?: unknown;
  golden_set_changed?: boolean;
  rescore_of?: number | null;
  evaluation?: { id: number } | null;
};

const ONLY_SUCCEEDED = 'only a run that succeeded can be rescored.';

/** Why the server would refuse to rescore the run (its 409), said beside the disabled button; null when it would not. */
function rescoreRefusal(run: RunJudgingFacts): string | null {
  // Its scores are the uploaded ranking's: a rescore would make a run that no evaluation shows.
  if (run.evaluation) return "This run holds an evaluation's scores: upload the ranking again to score it anew.";
  if (run.status === 'cancelled') return `This run was cancelled before it finished: ${ONLY_SUCCEEDED}`;
  if (run.status === 'failed') return `This run failed: ${ONLY_SUCCEEDED}`;
  if (goldenSetIdOf(run.config) === null) return 'This run has no golden set to be scored against.';
  if (run.status !== 'success') return `This run is ${run.status}: ${ONLY_SUCCEEDED}`;
  // The server names the golden set only while it exists.
  if (run.golden_set_id === null) return 'Its golden set has been deleted: there is nothing to rescore this run against.';
  return null;
}

/** What the run's page says about judging it, from the run's status and golden-set fields. */
export function runJudgingState(run: RunJudgingFacts) {
  return {
    goldenSetId: run.golden_set_id ?? goldenSetIdOf(run.config),
    changed: run.golden_set_changed === true,
    rescoreOf: run.rescore_of ?? null,
    rescoreRefusal: rescoreRefusal(run),
  };
}
