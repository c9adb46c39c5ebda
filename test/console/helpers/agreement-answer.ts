import { DEFAULT_SCALE } from '../../../src/domain/golden-sets/grade-scale';
import type { GoldenSet } from '../../../src/domain/experiments/evaluation-backend-types';
import type { Agreement } from '../../../src/domain/judging/golden-set-judging-types';

/** Golden set 4 as its page loads it: median of three ratings, adjudications preferred. */
export const ratedSet: GoldenSet = {
  id: 4,
  name: 'Sofas DE',
  description: '',
  market: 'DE',
  query_count: 1,
  judgement_count: 5,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
  scale: DEFAULT_SCALE,
  grade_counts: { '0': 1, '1': 1, '2': 1, '3': 2 },
  version: 3,
  changed_at: '2026-11-20T09:00:00Z',
  aggregate: 'median',
  ratings_per_pair: 3,
  prefer_adjudication: true,
};

/**
 * The server's agreement of Alice and Bob grading four pairs of "Sofa" (test/server/agreement-api.test.ts works
 * the numbers by hand): κ 0.9, exact agreement 75%, α 1 − 56/624, one disagreement (p2: 2 against 1). The
 * upload rated one pair nobody else graded.
 */
export const twoPeople: Agreement = {
  raters: [
    { id: 11, kind: 'person', name: 'Alice', judgements: 4 },
    { id: 12, kind: 'person', name: 'Bob', judgements: 4 },
    { id: 10, kind: 'import', name: 'Upload of Agreed', judgements: 1 },
  ],
  pairs: [
    {
      rater_a: 11,
      rater_b: 12,
      shared: 4,
      kappa_quadratic: 0.9,
      exact_agreement: 0.75,
      confusion: [
        [1, 0, 0, 0],
        [0, 1, 0, 0],
        [0, 1, 0, 0],
        [0, 0, 0, 1],
      ],
    },
  ],
  alpha_ordinal: 1 - 56 / 624,
  pairable: 8,
  vs_consensus: [
    { rater: 11, shared: 4, kappa_quadratic: 0.9 },
    { rater: 12, shared: 4, kappa_quadratic: 0.9 },
    { rater: 10, shared: 0, kappa_quadratic: null },
  ],
  disagreements: [
    {
      query: 'Sofa',
      product_id: 'p2',
      grades: [
        { rater: 11, grade: 2 },
        { rater: 12, grade: 1 },
      ],
      spread: 1,
    },
  ],
  disagreements_total: 1,
};

/** Two raters who share no pair: nothing to compare yet. */
export const noSharedPair: Agreement = {
  raters: [
    { id: 11, kind: 'person', name: 'Alice', judgements: 2 },
    { id: 13, kind: 'model', name: 'gpt-judge', judgements: 1 },
  ],
  pairs: [{ rater_a: 11, rater_b: 13, shared: 0, kappa_quadratic: null, exact_agreement: 0, confusion: [] }],
  alpha_ordinal: null,
  pairable: 0,
  vs_consensus: [
    { rater: 11, shared: 0, kappa_quadratic: null },
    { rater: 13, shared: 0, kappa_quadratic: null },
  ],
  disagreements: [],
  disagreements_total: 0,
};

/** A golden set nobody has rated. */
export const noRatings: Agreement = {
  raters: [],
  pairs: [],
  alpha_ordinal: null,
  pairable: 0,
  vs_consensus: [],
  disagreements: [],
  disagreements_total: 0,
};
