import type { Rating } from '../../../server/golden-sets/agreement/ratings-by-pair';

/** A repeatable pseudo-random number in [0, 1) per call (mulberry32), so that a failing case can be run again. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Ratings of `pairs` pairs (`query i|product j`, a few products per query) on grades 0..maxGrade: each of the
 * raters grades a pair with the given chance, near a true grade most of the time, so that some pairs are graded
 * alike, some differently and some by one rater only.
 */
export function randomRatings(random: () => number, pairs: number, raters: readonly number[], maxGrade: number): Rating[] {
  const ratings: Rating[] = [];
  for (let p = 0; p < pairs; p++) {
    const pair = `query ${Math.floor(p / 4)}|product ${p}`;
    const truth = Math.floor(random() * (maxGrade + 1));
    for (const rater of raters) {
      if (random() < 0.35) continue;
      const grade = random() < 0.7 ? truth : Math.floor(random() * (maxGrade + 1));
      ratings.push({ pair, rater, grade });
    }
  }
  return ratings;
}
