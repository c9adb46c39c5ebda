import type { ComparisonPage, RunComparison } from '../../../src/domain/compare/comparison-types';

/** A finished run as a comparison names it: the run's number is its id unless the test says otherwise. */
export const comparedRun = (id: number, name: string, changes: Partial<RunComparison['baseline']> = {}): RunComparison['baseline'] => ({
  id,
  experiment_id: 3,
  number: id,
  experiment_name: name,
  status: 'success',
  tags: [],
  created_at: '2026-11-22T15:04:00Z',
  evaluation_script_name: 'Golden set relevance',
  dataset_id: 2,
  golden_set_id: 4,
  config: null,
  evaluation: null,
  ...changes,
});

/**
 * A comparison of run 1 (BM25) with run 2 (Dense) on nDCG@10 as GET run-comparisons answers a page of it: four
 * paired queries (+0.05, the randomization test significant, the t-test not), two only the baseline has, one
 * only the candidate has, a histogram with one bar below zero and two above, and the overlap of five ranked queries.
 */
export function comparisonAnswer(changes: Partial<RunComparison> = {}, total = 2): ComparisonPage {
  const bins = Array.from({ length: 40 }, (_, i) => ({
    from: -1 + i * 0.05,
    to: -1 + (i + 1) * 0.05,
    count: i === 9 ? 1 : i === 30 ? 2 : 0,
  }));
  return {
    comparison: {
      baseline: comparedRun(1, 'BM25'),
      candidate: comparedRun(2, 'Dense'),
      paired: 4,
      only_baseline: 2,
      only_candidate: 1,
      metric: 'ndcg@10',
      metrics: [
        {
          name: 'ndcg@10',
          baseline_mean: 0.5,
          candidate_mean: 0.55,
          delta: 0.05,
          relative_delta: 0.1,
          ci95: [-0.2, 0.3],
          p_value_t: 0.6,
          p_value_randomization: 0.04,
          wins: 2,
          ties: 1,
          losses: 1,
        },
      ],
      histogram: { bins, unchanged: 1 },
      overlap: overlapSummary(),
      results: [
        {
          query: 'red sofa',
          baseline_result_id: 7,
          candidate_result_id: null,
          baseline: 0.61,
          candidate: null,
          delta: null,
          overlap: null,
        },
        {
          query: 'blue lamp',
          baseline_result_id: 8,
          candidate_result_id: null,
          baseline: 0.2,
          candidate: null,
          delta: null,
          overlap: null,
        },
      ],
      ...changes,
    },
    total,
  };
}

/**
 * The overlap of the two runs' rankings over five queries both ranked (one unjudged), at k = 10 and p = 0.9: RBO ext
 * 0.35 for one query, 0.95 for four.
 */
export function overlapSummary(changes: Partial<RunComparison['overlap']> = {}): RunComparison['overlap'] {
  return {
    k: 10,
    p: 0.9,
    pairs: 5,
    unjudged: 1,
    means: { overlap: 0.82, jaccard: 0.74, rbo_min: 0.6512, rbo_ext: 0.83 },
    rbo_ext_bins: Array.from({ length: 10 }, (_, i) => ({ from: i / 10, to: (i + 1) / 10, count: i === 3 ? 1 : i === 9 ? 4 : 0 })),
    ...changes,
  };
}
