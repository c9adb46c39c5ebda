/**
 * COEC mapped to a golden set's grades: the user's rising boundaries split COEC into grades 0 to
 * max_grade, and pairs shown too seldom get no grade at all.
 */
import type { ClickTally, PairCoec, PositionRate } from './coec';

export interface ClickGradeOptions {
  minImpressions: number;
  /** The prior's strength, in expected clicks (see coec.ts). */
  priorClicks: number;
  /** Rising COEC boundaries: thresholds[g] is where grade g + 1 starts. */
  thresholds: number[];
}

interface GradedPair extends PairCoec {
  /** null when the pair was shown fewer than min_impressions times. */
  grade: number | null;
}

export interface ClickGradePreview {
  pairs: GradedPair[];
  /** Pairs per grade, every grade of the scale named: {"0": 12, "1": 0, …}. */
  grade_counts: Record<string, number>;
  /** Pairs shown fewer than min_impressions times. */
  ungraded: number;
  positions: PositionRate[];
}

/** The boundaries from the form's comma-separated text: numbers ≥ 0, each above the one before; the problem as a sentence otherwise. */
export function parseThresholds(text: string): { thresholds: number[] } | { problem: string } {
  const parts = text.split(',').map((part) => part.trim());
  const thresholds: number[] = [];
  for (const [index, part] of parts.entries()) {
    const value = Number(part);
    if (part === '' || !Number.isFinite(value) || value < 0) {
      return { problem: `boundary ${index + 1} must be a number ≥ 0, not ${JSON.stringify(part.slice(0, 20))}` };
    }
    if (index > 0 && value <= thresholds[index - 1]) {
      return { problem: `must rise: boundary ${index + 1} (${part}) is not above boundary ${index} (${parts[index - 1]})` };
    }
    thresholds.push(value);
  }
  return { thresholds };
}

/** A boundary between each two grades of the scale: max_grade of them, one fewer than the grades. */
export function thresholdCountProblem(thresholds: readonly number[], maxGrade: number): string | undefined {
  if (thresholds.length === maxGrade) return undefined;
  return `needs ${maxGrade} rising COEC boundaries for grades 0 to ${maxGrade} (such as ${exampleThresholds(maxGrade)}), got ${thresholds.length}`;
}

const exampleThresholds = (maxGrade: number) =>
  Array.from({ length: maxGrade }, (_, i) => String(Math.round((0.5 + (i * 1.5) / Math.max(1, maxGrade - 1)) * 100) / 100)).join(',');

/** The grade of a COEC: how many boundaries it reaches (a COEC equal to a boundary is in the grade above). */
export function gradeOf(coec: number, thresholds: readonly number[]): number {
  let grade = 0;
  while (grade < thresholds.length && coec >= thresholds[grade]) grade++;
  return grade;
}

/** Every pair of the log graded, queries in order and each query's pairs best first, with the count per grade. */
export function previewClickGrades(tally: ClickTally, options: ClickGradeOptions): ClickGradePreview {
  const gradeCounts: Record<string, number> = {};
  for (let grade = 0; grade <= options.thresholds.length; grade++) gradeCounts[grade] = 0;
  let ungraded = 0;
  const pairs = tally.coecs(options.priorClicks).map((pair): GradedPair => {
    const grade = pair.impressions >= options.minImpressions && pair.coec !== null ? gradeOf(pair.coec, options.thresholds) : null;
    if (grade === null) ungraded++;
    else gradeCounts[grade]++;
    return { ...pair, grade };
  });
  pairs.sort((a, b) => (a.query < b.query ? -1 : a.query > b.query ? 1 : (b.coec ?? 0) - (a.coec ?? 0)));
  return { pairs, grade_counts: gradeCounts, ungraded, positions: tally.positionRates() };
}
