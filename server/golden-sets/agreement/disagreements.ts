import type { RatingsByPair } from './ratings-by-pair';

export interface Disagreement {
  pair: string;
  grades: Array<{ rater: number; grade: number }>;
  spread: number;
}

/**
 * The pairs that two or more raters graded differently, the widest spread (highest grade − lowest) first, then by
 * pair; each with its grades in the order of the raters' ids.
 */
export function disagreements(groups: RatingsByPair): Disagreement[] {
  const { pairs, raters, start, rater, grade } = groups;
  const found: Array<{ index: number; spread: number }> = [];
  for (let p = 0; p + 1 < start.length; p++) {
    let low = Infinity;
    let high = -Infinity;
    for (let i = start[p]; i < start[p + 1]; i++) {
      low = Math.min(low, grade[i]);
      high = Math.max(high, grade[i]);
    }
    if (high > low) found.push({ index: p, spread: high - low });
  }
  // Plain code-unit order of the pair keys: the same on every machine, unlike a locale's.
  found.sort((a, b) => b.spread - a.spread || (pairs[a.index] < pairs[b.index] ? -1 : pairs[a.index] > pairs[b.index] ? 1 : 0));
  return found.map(({ index, spread }) => {
    const grades: Disagreement['grades'] = [];
    for (let i = start[index]; i < start[index + 1]; i++) grades.push({ rater: raters[rater[i]], grade: grade[i] });
    return { pair: pairs[index], grades, spread };
  });
}
