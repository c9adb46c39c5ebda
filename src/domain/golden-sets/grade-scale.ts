import { formatCount } from '../shared/format-count';
import type { GradeCounts, GradeScale, HistoryEntry } from '../judging/golden-set-judging-types';

// A golden set's grading scale: how a grade reads ("2 · Good"), which key gives which grade, the
// distribution of grades, a history entry's change, and the scale editor's draft.

export const DEFAULT_SCALE: GradeScale = { max_grade: 3, labels: ['Poor', 'Fair', 'Good', 'Perfect'] };
/** The server's bounds of max_grade (PATCH golden-sets/{id}): one digit key per grade. */
export const MIN_MAX_GRADE = 1;
export const MAX_MAX_GRADE = 9;

/** The grades of the scale, lowest first. */
export const gradesOf = (scale: GradeScale): number[] => Array.from({ length: scale.max_grade + 1 }, (_, grade) => grade);

/** The label of a grade, "Grade n" when the scale has none (the server's default). */
const gradeLabel = (scale: GradeScale, grade: number): string => scale.labels[grade]?.trim() || `Grade ${grade}`;

/** "2 · Good". */
export const gradeText = (scale: GradeScale, grade: number): string => `${grade} · ${gradeLabel(scale, grade)}`;

/** The grade a key press gives ('0'..'9', one key per grade of the scale), or null for any other key. */
export function gradeFromKey(scale: GradeScale, key: string): number | null {
  if (!/^\d$/.test(key)) return null;
  const grade = Number(key);
  return grade <= scale.max_grade ? grade : null;
}

export const isInScale = (scale: GradeScale, grade: number) => Number.isInteger(grade) && grade >= 0 && grade <= scale.max_grade;

/** Each grade of the scale with its count (0 when nobody gave it), lowest first. */
export const gradeDistribution = (scale: GradeScale, counts: GradeCounts): Array<{ grade: number; count: number }> =>
  gradesOf(scale).map((grade) => ({ grade, count: counts[String(grade)] ?? 0 }));

/** "Poor 1 · Good 3": each grade given and how often, lowest first (short, for a table cell); "No judgements" when none. */
export function byGradeText(scale: GradeScale, counts: GradeCounts): string {
  const given = Object.entries(counts)
    .map(([grade, count]) => ({ grade: Number(grade), count }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => a.grade - b.grade);
  if (given.length === 0) return 'No judgements';
  return given.map(({ grade, count }) => `${gradeLabel(scale, grade)} ${formatCount(count)}`).join(' · ');
}

/** "Added as 2 · Good", "Removed (was 1 · Fair)", "1 · Fair → 2 · Good". */
export function historyChangeText(scale: GradeScale, entry: Pick<HistoryEntry, 'old_grade' | 'new_grade'>): string {
  const { old_grade: before, new_grade: after } = entry;
  if (before === null && after !== null) return `Added as ${gradeText(scale, after)}`;
  if (after === null) return before === null ? 'Removed' : `Removed (was ${gradeText(scale, before)})`;
  return `${gradeText(scale, before!)} → ${gradeText(scale, after)}`;
}

/** The scale editor's labels for another highest grade: kept where they exist, "Grade n" for new grades. */
export function resizedLabels(labels: string[], maxGrade: number): string[] {
  return Array.from({ length: maxGrade + 1 }, (_, grade) => labels[grade] ?? `Grade ${grade}`);
}

/** What is wrong with a draft scale before it is sent, or null. */
export function scaleProblem(scale: GradeScale): string | null {
  if (!Number.isInteger(scale.max_grade) || scale.max_grade < MIN_MAX_GRADE || scale.max_grade > MAX_MAX_GRADE)
    return `The highest grade must be a whole number from ${MIN_MAX_GRADE} to ${MAX_MAX_GRADE}.`;
  const blank = scale.labels.findIndex((label) => label.trim() === '');
  return blank === -1 ? null : `Grade ${blank} needs a label.`;
}
