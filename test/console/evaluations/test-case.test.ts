import { describe, expect, it } from 'vitest';
import { runMetrics } from '../../../server/evaluation/metrics';
import { findSampleTestCase, NDCG_METRIC, sampleTestCases } from '../../../src/fixtures/test-case';

// The sample test cases are internally consistent: their metrics are what the reference server's
// metric functions give for their rankings and graded references.
describe('sample test case fixture', () => {
  it.each(sampleTestCases.map((testCase) => [testCase.id, testCase] as const))(
    'test case %i: metrics follow from the data',
    (_id, testCase) => {
      const ranking = testCase.results.map((product) => product.product_id);
      const judgements = new Map(testCase.references.map((product) => [product.product_id, product.relevance]));
      const computed = runMetrics(ranking, judgements, { k: 10 });
      expect(testCase.metrics).toEqual({
        'nDCG@10': expect.closeTo(computed['ndcg@10'], 4),
        'Precision@10': expect.closeTo(computed['precision@10'], 4),
        'Recall@10': expect.closeTo(computed['recall@10'], 4),
        'F1@10': expect.closeTo(computed['f1@10'], 4),
      });
    },
  );

  it('has one case at or above the 80 % nDCG mark and one below', () => {
    expect(sampleTestCases.map((testCase) => testCase.metrics[NDCG_METRIC] >= 0.8)).toEqual([true, false]);
  });

  it('finds a case by the id in the address', () => {
    expect(findSampleTestCase('1')?.query).toBe('oak dining table');
    expect(findSampleTestCase('3')).toBeUndefined();
  });
});
