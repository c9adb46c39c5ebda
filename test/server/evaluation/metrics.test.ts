import { describe, expect, it } from 'vitest';
import {
  averagePrecision,
  compareWithGoldenSet,
  completionNote,
  dcgAtK,
  f1AtK,
  idealDcgAtK,
  ndcgAtK,
  precisionAtK,
  recallAtK,
  reciprocalRank,
  runMetrics,
  scoreRanking,
  testResultText,
  unjudgedAtK,
} from '../../../server/evaluation/metrics';
import { trecQueryMeasures } from '../../../server/evaluation/trec-eval';

// The worked vector: ranking A..E, B unjudged, D judged 0; F, G, H relevant but not returned.
const ranking = ['A', 'B', 'C', 'D', 'E'];
const judgements = new Map([
  ['A', 2],
  ['C', 3],
  ['D', 0],
  ['E', 1],
  ['F', 3],
  ['G', 2],
  ['H', 1],
]);

describe('metrics (trec_eval semantics)', () => {
  it('scores nDCG@5 = 0.5443 with linear gain and 0.4719 with exponential gain', () => {
    expect(ndcgAtK(ranking, judgements, { k: 5 })).toBeCloseTo(0.5443, 4);
    expect(ndcgAtK(ranking, judgements, { k: 5, gain: 'exponential' })).toBeCloseTo(0.4719, 4);
    expect(dcgAtK(ranking, judgements, { k: 5 })).toBeCloseTo(2 + 3 / 2 + 1 / Math.log2(6), 10);
    expect(idealDcgAtK(judgements, { k: 5 })).toBeCloseTo(3 + 3 / Math.log2(3) + 2 / 2 + 2 / Math.log2(5) + 1 / Math.log2(6), 10);
  });

  it('divides P@k by k and recall by every relevant judged product', () => {
    expect(precisionAtK(ranking, judgements, { k: 5 })).toBeCloseTo(3 / 5, 10);
    expect(precisionAtK(['A'], judgements, { k: 5 })).toBeCloseTo(1 / 5, 10);
    expect(recallAtK(ranking, judgements, { k: 5 })).toBeCloseTo(3 / 6, 10);
    expect(f1AtK(ranking, judgements, { k: 5 })).toBeCloseTo((2 * 0.6 * 0.5) / 1.1, 10);
    expect(precisionAtK(ranking, judgements, { k: 5, relevantFrom: 2 })).toBeCloseTo(2 / 5, 10);
  });

  it('computes reciprocal rank, average precision and unjudged counts', () => {
    expect(reciprocalRank(['B', 'D', 'C'], judgements)).toBeCloseTo(1 / 3, 10);
    expect(reciprocalRank(['B', 'D'], judgements)).toBe(0);
    expect(averagePrecision(ranking, judgements)).toBeCloseTo((1 / 1 + 2 / 3 + 3 / 5) / 6, 10);
    expect(unjudgedAtK(ranking, judgements, 5)).toBe(1);
  });

  it('scores 0, never NaN, for a query with no relevant judgement', () => {
    const none = new Map([['A', 0]]);
    expect(ndcgAtK(ranking, none, { k: 5 })).toBe(0);
    expect(recallAtK(ranking, none, { k: 5 })).toBe(0);
    expect(f1AtK(ranking, none, { k: 5 })).toBe(0);
  });

  it('splits the ranking into commons, missings and leftovers that are true set differences', () => {
    const { commons, missings, leftovers } = compareWithGoldenSet(ranking, judgements);
    expect(commons).toEqual(['A', 'C', 'E']);
    expect(leftovers).toEqual(['B', 'D']);
    expect(missings).toEqual(['F', 'G', 'H']);
  });

  it('scores an empty ranking 0 everywhere, with the note for a short page', () => {
    const scores = scoreRanking([], judgements, { k: 5 });
    expect([scores.ndcg, scores.precision, scores.recall, scores.f1, scores.reciprocalRank, scores.averagePrecision]).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
    expect(scores.note).toBe('No more results');
  });

  it('scores fewer than k results against a full ideal ranking', () => {
    // C (3) alone at rank 1; ideal@5 as in the worked vector = 7.1411 → 3 / 7.1411
    const scores = scoreRanking(['C'], judgements, { k: 5 });
    expect(scores.ndcg).toBeCloseTo(3 / (3 + 3 / Math.log2(3) + 1 + 2 / Math.log2(5) + 1 / Math.log2(6)), 10);
    expect(scores.precision).toBeCloseTo(1 / 5, 10);
    expect(scores.recall).toBeCloseTo(1 / 6, 10);
    expect(scores.note).toBe('No more results');
  });

  it('gives unjudged and grade-0 results no gain, and never counts them relevant', () => {
    // B unjudged, D graded 0, then E (1) at rank 3: DCG = 1/log2(4) = 0.5
    expect(dcgAtK(['B', 'D', 'E'], judgements, { k: 3 })).toBeCloseTo(0.5, 10);
    expect(precisionAtK(['B', 'D'], judgements, { k: 2 })).toBe(0);
    // relevant from 0 counts D (judged 0) but never the unjudged B
    expect(precisionAtK(['B', 'D'], judgements, { k: 2, relevantFrom: 0 })).toBeCloseTo(1 / 2, 10);
    expect(scoreRanking(['B', 'D', 'X', 'Y', 'Z'], judgements, { k: 5 })).toMatchObject({
      unjudged: 4,
      relevantReturned: 0,
      note: 'Page without relevants',
    });
  });

  it("keeps the given order for ties: ordering by score is the run reader's job", () => {
    // the same products in two orders score differently: A (2) first vs C (3) first
    expect(ndcgAtK(['A', 'C'], judgements, { k: 2 })).not.toBeCloseTo(ndcgAtK(['C', 'A'], judgements, { k: 2 }), 6);
    // C (3) then A (2) against the ideal C/F (3, 3): (3 + 2/log2 3) / (3 + 3/log2 3) = 0.8710
    expect(ndcgAtK(['C', 'A'], judgements, { k: 2 })).toBeCloseTo((3 + 2 / Math.log2(3)) / (3 + 3 / Math.log2(3)), 10);
  });

  it('marks a query with no judgement above 0 as not scored', () => {
    expect(scoreRanking(ranking, new Map([['A', 0]]), { k: 5 })).toMatchObject({
      notScored: true,
      ndcg: 0,
      recall: 0,
      averagePrecision: 0,
    });
    expect(scoreRanking(ranking, judgements, { k: 5 }).notScored).toBe(false);
  });

  it('lets relevant-from change the binary measures, never nDCG, as trec_eval -l does', () => {
    // Judged only 1: with relevant-from 2 nothing is relevant, yet the grades still make an nDCG.
    const onlyOnes = new Map([
      ['A', 1],
      ['B', 1],
    ]);
    const from1 = scoreRanking(['A', 'X', 'B'], onlyOnes, { k: 3, relevantFrom: 1 });
    const from2 = scoreRanking(['A', 'X', 'B'], onlyOnes, { k: 3, relevantFrom: 2 });
    expect(from2.ndcg).toBe(from1.ndcg);
    expect(from2.ndcg).toBeGreaterThan(0);
    expect(from2).toMatchObject({ notScored: false, precision: 0, recall: 0, f1: 0, reciprocalRank: 0, averagePrecision: 0 });
    expect(from1.precision).toBeCloseTo(2 / 3, 12);
  });

  it('picks the completion note: every relevant product found, else a short page, then a page without relevants', () => {
    expect(completionNote(10, 3, 5, 10)).toBe('Complete');
    expect(completionNote(7, 3, 3, 10)).toBe('Complete'); // a short page that found them all
    expect(completionNote(7, 0, 0, 10)).toBe('Complete'); // nothing to find
    expect(completionNote(7, 3, 5, 10)).toBe('No more results');
    expect(completionNote(7, 0, 5, 10)).toBe('No more results');
    expect(completionNote(10, 0, 5, 10)).toBe('Page without relevants');
  });

  it('writes test_result as the scores plus the note', () => {
    expect(testResultText(scoreRanking(ranking, judgements, { k: 5 }))).toBe(
      'nDCG@5 0.544 · P@5 0.600 · R@5 0.500 · F1@5 0.545 · Complete',
    );
    expect(testResultText(scoreRanking(ranking, judgements, { k: 5, gain: 'exponential' }))).toBe(
      'nDCG@5 (exp) 0.472 · P@5 0.600 · R@5 0.500 · F1@5 0.545 · Complete',
    );
  });

  it('names each stored metric by its variant', () => {
    expect(Object.keys(runMetrics(ranking, judgements, { k: 10 }))).toEqual([
      'ndcg@10',
      'precision@10',
      'recall@10',
      'f1@10',
      'reciprocal_rank@10',
      'average_precision@10',
    ]);
    expect(Object.keys(runMetrics(ranking, judgements, { k: 10, gain: 'exponential' }))[0]).toBe('ndcg@10_exp');
    expect(() => runMetrics(ranking, judgements, { k: 0 })).toThrow('k must be a positive integer');
  });

  it('gives the command-line evaluator the same numbers as the module', () => {
    for (const gain of ['linear', 'exponential'] as const) {
      const module = scoreRanking(ranking, judgements, { k: 5, gain });
      const cli = trecQueryMeasures(ranking, judgements, { k: 5, gain, relevantFrom: 1 });
      expect(cli).toEqual({
        numRet: 5,
        numRel: 6,
        numRelRet: 3,
        map: module.averagePrecision,
        recipRank: module.reciprocalRank,
        precision: module.precision,
        recall: module.recall,
        ndcg: module.ndcg,
        f1: module.f1,
      });
    }
  });
});
