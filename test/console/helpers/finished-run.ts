import type { ExperimentRunDetails } from '../../../src/domain/experiments/evaluation-backend-types';

/**
 * A finished run as GET experiment-runs/{id} answers it. The results page shows its figures only once it
 * knows the run has ended, so a test of what the page shows answers this first.
 */
export const finishedRun = (id: number, changes: Partial<ExperimentRunDetails> = {}): ExperimentRunDetails => ({
  id,
  experiment_id: 4,
  evaluation_script_name: 'Golden set relevance',
  tags: [],
  status: 'success',
  total_cost: 0,
  created_at: '2026-03-03T10:00:00.000Z',
  updated_at: '2026-03-03T10:05:00.000Z',
  summary: { results: 1, passed: 1, failed: 0, errors: 0, mean_metrics: { 'ndcg@10': 0.812 } },
  ...changes,
});
