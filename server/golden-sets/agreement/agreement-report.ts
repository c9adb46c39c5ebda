/**
 * How far each rater of a golden set can be trusted, from how its (query, product) pairs were graded: each two
 * raters' quadratic-weighted κ, exact agreement and confusion matrix over the pairs both graded; Krippendorff's
 * ordinal α across all raters; each rater against the consensus of the humans; and how many pairs the raters
 * disagree on. Pure, and computed from grade patterns with their counts (grade-patterns.ts): a database counts
 * them, or the ratings are grouped here pair by pair.
 */
import { disagreements, type Disagreement } from './disagreements';
import type { GradePatterns } from './grade-patterns';
import { lowerMedian } from './human-consensus';
import { coincidenceMatrix, krippendorffAlpha, pairableValues } from './krippendorff-alpha';
import { quadraticKappa } from './quadratic-kappa';
import { groupByPair, type Rating } from './ratings-by-pair';

interface RaterPairAgreement {
  rater_a: number;
  rater_b: number;
  shared: number;
  kappa_quadratic: number | null;
  exact_agreement: number;
  /** (maxGrade + 1)² counts: row = rater_a's grade, column = rater_b's. */
  confusion: number[][];
}

interface ConsensusAgreement {
  rater: number;
  /** Pairs this rater graded that at least one other human graded too. */
  shared: number;
  kappa_quadratic: number | null;
}

export interface AgreementMeasures {
  raters: number[];
  pairs: RaterPairAgreement[];
  alpha_ordinal: number | null;
  /** Values in pairs graded by two raters or more (Krippendorff's n..). */
  pairable: number;
  vs_consensus: ConsensusAgreement[];
  /** Pairs that two or more raters graded differently. */
  disagreements_total: number;
}

export interface AgreementReport extends AgreementMeasures {
  disagreements: Disagreement[];
}

export interface AgreementOptions {
  /** Grades run from 0 to this. */
  maxGrade: number;
  /** The raters who are people: their grades make the consensus. */
  humans: readonly number[];
}

/** The measures from counted grade patterns. */
export function agreementMeasures(patterns: GradePatterns, { maxGrade, humans }: AgreementOptions): AgreementMeasures {
  const categories = maxGrade + 1;
  const coincidences = coincidenceMatrix(patterns, categories);
  return {
    raters: patterns.raters,
    pairs: raterPairs(patterns, categories),
    alpha_ordinal: krippendorffAlpha(coincidences, categories, 'ordinal'),
    pairable: pairableValues(coincidences),
    vs_consensus: versusConsensus(patterns, categories, new Set(humans)),
    disagreements_total: disagreeing(patterns),
  };
}

/** The measures from every rating, and every pair graded differently, the widest spread first. */
export function agreementReport(ratings: readonly Rating[], options: AgreementOptions): AgreementReport {
  const groups = groupByPair(ratings, options.maxGrade);
  return { ...agreementMeasures(groups, options), disagreements: disagreements(groups) };
}

/** Every two raters who graded at least one same pair, the lower id first. */
function raterPairs(patterns: GradePatterns, categories: number): RaterPairAgreement[] {
  const { raters, start, rater, grade, count: pairs } = patterns;
  const count = raters.length;
  const confusions = new Map<number, Int32Array>();
  for (let p = 0; p + 1 < start.length; p++) {
    // Entries are sorted by rater, so i's rater is always the lower one.
    for (let i = start[p]; i < start[p + 1]; i++) {
      for (let j = i + 1; j < start[p + 1]; j++) {
        const key = rater[i] * count + rater[j];
        let confusion = confusions.get(key);
        if (confusion === undefined) confusions.set(key, (confusion = new Int32Array(categories * categories)));
        confusion[grade[i] * categories + grade[j]] += pairs[p];
      }
    }
  }
  return [...confusions.keys()]
    .sort((a, b) => a - b)
    .map((key) => {
      const confusion = confusions.get(key)!;
      const shared = confusion.reduce((sum, c) => sum + c, 0);
      let same = 0;
      for (let g = 0; g < categories; g++) same += confusion[g * categories + g];
      return {
        rater_a: raters[Math.floor(key / count)],
        rater_b: raters[key % count],
        shared,
        kappa_quadratic: quadraticKappa(confusion, categories),
        exact_agreement: same / shared,
        confusion: rowsOf(confusion, categories),
      };
    });
}

/**
 * Each rater against the humans' consensus on the pairs it graded: rows its grade, columns the consensus. A human
 * is judged against the other humans only, so that nobody agrees with themself; a pair no other human graded is
 * left out.
 */
function versusConsensus(patterns: GradePatterns, categories: number, humans: ReadonlySet<number>): ConsensusAgreement[] {
  const { raters, start, rater, grade, count: pairs } = patterns;
  const isHuman = raters.map((id) => humans.has(id));
  const confusions = raters.map(() => new Int32Array(categories * categories));
  const histogram = new Int32Array(categories);
  for (let p = 0; p + 1 < start.length; p++) {
    const from = start[p];
    const to = start[p + 1];
    let total = 0;
    for (let i = from; i < to; i++) {
      if (isHuman[rater[i]]) {
        histogram[grade[i]]++;
        total++;
      }
    }
    if (total === 0) continue;
    for (let i = from; i < to; i++) {
      const consensus = lowerMedian(histogram, total, isHuman[rater[i]] ? grade[i] : -1);
      if (consensus >= 0) confusions[rater[i]][grade[i] * categories + consensus] += pairs[p];
    }
    histogram.fill(0);
  }
  return raters.map((id, r) => ({
    rater: id,
    shared: confusions[r].reduce((sum, c) => sum + c, 0),
    kappa_quadratic: quadraticKappa(confusions[r], categories),
  }));
}

/** The pairs whose patterns hold two different grades. */
function disagreeing({ start, grade, count }: GradePatterns): number {
  let total = 0;
  for (let p = 0; p + 1 < start.length; p++) {
    for (let i = start[p] + 1; i < start[p + 1]; i++) {
      if (grade[i] !== grade[start[p]]) {
        total += count[p];
        break;
      }
    }
  }
  return total;
}

function rowsOf(matrix: Int32Array, categories: number): number[][] {
  return Array.from({ length: categories }, (_, row) => Array.from(matrix.subarray(row * categories, (row + 1) * categories)));
}
