/**
 * Pairs grouped by how they were graded. Every measure of the agreement report depends only on which raters gave
 * which grades to a pair, never on the pair itself: 200,000 pairs graded by four raters on a 0–3 scale fall into a
 * few hundred patterns, which a database can count and send instead of every rating.
 */

/**
 * Pattern p is the grades that raters rater[start[p]] … rater[start[p + 1] − 1] gave (sorted by rater), and
 * count[p] pairs were graded so. `rater` holds indexes into `raters` (the raters' ids in ascending order).
 */
export interface GradePatterns {
  raters: number[];
  start: Int32Array;
  rater: Int32Array;
  grade: Int32Array;
  count: Int32Array;
}

/** How many pairs were graded `pattern`: `rater:grade` entries joined by commas, in any order. */
export interface CountedPattern {
  pattern: string;
  pairs: number;
}

/** A pattern's `rater:grade` entries, sorted by rater; a grade off the scale or a rater given twice is refused. */
export function patternGrades(pattern: string, maxGrade: number): Array<{ rater: number; grade: number }> {
  const grades = pattern.split(',').map((entry) => {
    const colon = entry.indexOf(':');
    const [rater, grade] = [Number(entry.slice(0, colon)), Number(entry.slice(colon + 1))];
    if (colon < 0 || !Number.isSafeInteger(rater)) throw new RangeError(`${JSON.stringify(entry)} is not rater:grade`);
    if (!onScale(grade, maxGrade)) throw new RangeError(`Grade ${grade} of rater ${rater} in ${pattern} is outside 0..${maxGrade}`);
    return { rater, grade };
  });
  grades.sort((a, b) => a.rater - b.rater);
  for (let i = 1; i < grades.length; i++) {
    if (grades[i].rater === grades[i - 1].rater) throw new RangeError(`Rater ${grades[i].rater} appears twice in ${pattern}`);
  }
  return grades;
}

/** The patterns a database counted, as flat arrays; the same pattern written in two orders counts once. */
export function gradePatterns(counted: readonly CountedPattern[], maxGrade: number): GradePatterns {
  const merged = new Map<string, { grades: Array<{ rater: number; grade: number }>; pairs: number }>();
  for (const { pattern, pairs } of counted) {
    const grades = patternGrades(pattern, maxGrade);
    const key = grades.map(({ rater, grade }) => `${rater}:${grade}`).join(',');
    const seen = merged.get(key);
    if (seen === undefined) merged.set(key, { grades, pairs });
    else seen.pairs += pairs;
  }
  const patterns = [...merged.values()];
  const raters = [...new Set(patterns.flatMap(({ grades }) => grades.map((g) => g.rater)))].sort((a, b) => a - b);
  const raterIndex = new Map(raters.map((id, i) => [id, i]));
  const entries = patterns.reduce((sum, { grades }) => sum + grades.length, 0);
  const [start, count] = [new Int32Array(patterns.length + 1), new Int32Array(patterns.length)];
  const [rater, grade] = [new Int32Array(entries), new Int32Array(entries)];
  patterns.forEach(({ grades, pairs }, p) => {
    count[p] = pairs;
    start[p + 1] = start[p] + grades.length;
    grades.forEach((g, i) => {
      rater[start[p] + i] = raterIndex.get(g.rater)!;
      grade[start[p] + i] = g.grade;
    });
  });
  return { raters, start, rater, grade, count };
}

/** Whether a grade is a whole number in 0..maxGrade. */
export function onScale(grade: number, maxGrade: number): boolean {
  return Number.isInteger(grade) && grade >= 0 && grade <= maxGrade;
}
