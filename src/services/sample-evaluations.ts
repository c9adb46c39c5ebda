import { findSampleEvaluation, type MockEvaluation } from '../fixtures/evaluations';
import { sampleEvaluationResults, type MockEvaluationResult } from '../fixtures/evaluation-results';

// The mock evaluation detail's "service" (the /evaluations/{id} page): no call, a 1 second fake load of
// the hard-coded results. Bound to the evaluation-detail machine's loadEvaluation actor in src/logic.

/** How long the mock evaluation detail's fake load takes. */
export const SAMPLE_LOAD_DELAY_MS = 1000;

export type SampleEvaluationDetail = {
  evaluation: MockEvaluation;
  results: readonly MockEvaluationResult[];
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** After the fake delay, the evaluation and its results; an id of no mock evaluation fails. */
export async function loadSampleEvaluation(
  evaluationId: string,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<SampleEvaluationDetail> {
  await wait(SAMPLE_LOAD_DELAY_MS);
  const evaluation = findSampleEvaluation(evaluationId);
  if (!evaluation) throw new Error(`No evaluation with ID ${evaluationId}.`);
  return { evaluation, results: sampleEvaluationResults };
}
