import { onScale, type GradePatterns } from './grade-patterns';

/** One grade that one rater gave to one (query, product) pair of a golden set. */
export interface Rating {
  pair: string;
  rater: number;
  grade: number;
}

/**
 * The ratings grouped by pair: grade patterns of one pair each (count 1), pair p's ratings entries start[p] to
 * start[p + 1] − 1 of `rater` and `grade`. Flat typed arrays, so that 600,000 ratings cost a few allocations.
 */
export interface RatingsByPair extends GradePatterns {
  pairs: string[];
}

/** Groups ratings by pair; a rater who rated a pair twice counts once, with the later grade. */
export function groupByPair(ratings: readonly Rating[], maxGrade: number): RatingsByPair {
  if (!Number.isInteger(maxGrade) || maxGrade < 0) throw new RangeError(`The highest grade must be a whole number ≥ 0, not ${maxGrade}`);
  const raters = [...new Set(ratings.map((r) => r.rater))].sort((a, b) => a - b);
  const raterIndex = new Map(raters.map((id, i) => [id, i]));
  const pairIndex = new Map<string, number>();
  const pairs: string[] = [];
  const pairOf = new Int32Array(ratings.length);
  const counts = new Int32Array(ratings.length + 1);
  for (let i = 0; i < ratings.length; i++) {
    const { pair, grade } = ratings[i];
    if (!onScale(grade, maxGrade)) throw new RangeError(`Grade ${grade} of rater ${ratings[i].rater} on ${pair} is outside 0..${maxGrade}`);
    let p = pairIndex.get(pair);
    if (p === undefined) {
      p = pairs.length;
      pairIndex.set(pair, p);
      pairs.push(pair);
    }
    pairOf[i] = p;
    counts[p + 1]++;
  }
  const start = new Int32Array(pairs.length + 1);
  for (let p = 0; p < pairs.length; p++) start[p + 1] = start[p] + counts[p + 1];
  const filled = start.slice(0, pairs.length);
  const rater = new Int32Array(ratings.length);
  const grade = new Int32Array(ratings.length);
  for (let i = 0; i < ratings.length; i++) {
    const slot = filled[pairOf[i]]++;
    rater[slot] = raterIndex.get(ratings[i].rater)!;
    grade[slot] = ratings[i].grade;
  }
  return sortedWithinPairs({ pairs, raters, start, rater, grade, count: new Int32Array(pairs.length).fill(1) });
}

/** Sorts each pair's few ratings by rater (insertion sort, kept stable) and keeps only the last of a rater's repeats. */
function sortedWithinPairs(groups: RatingsByPair): RatingsByPair {
  const { start, rater, grade } = groups;
  const compacted = new Int32Array(start.length);
  let out = 0;
  for (let p = 0; p + 1 < start.length; p++) {
    const first = out;
    for (let i = start[p]; i < start[p + 1]; i++) {
      const r = rater[i];
      const g = grade[i];
      let j = out - 1;
      while (j >= first && rater[j] > r) j--;
      if (j >= first && rater[j] === r) {
        grade[j] = g;
        continue;
      }
      for (let m = out; m > j + 1; m--) {
        rater[m] = rater[m - 1];
        grade[m] = grade[m - 1];
      }
      rater[j + 1] = r;
      grade[j + 1] = g;
      out++;
    }
    compacted[p + 1] = out;
  }
  return { ...groups, start: compacted, rater: rater.subarray(0, out), grade: grade.subarray(0, out) };
}
