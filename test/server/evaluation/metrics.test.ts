import { describe, expect, it } from 'vitest';
import {
  averagePrecision, compareWithGoldenSet, dcgAtK, f1AtK, idealDcgAtK, ndcgAtK, precisionAtK, recallAtK, reciprocalRank, unjudgedAtK,
} from '../../../server/evaluation/metrics';

// The worked vector: ranking A..E, B unjudged, D judged 0; F, G, H relevant but not returned.
const ranking = ['A', 'B', 'C', 'D', 'E'];
const judgements = new Map([['A', 2], ['C', 3], ['D', 0], ['E', 1], ['F', 3], ['G', 2], ['H', 1]]);

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
});
