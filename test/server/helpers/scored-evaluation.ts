import type { EvaluationDetails } from '../../../server/schemas/evaluations';
import type { TestApp } from './test-app';

/** Polls GET /api/backend/evaluations/{id} until its scoring has ended, and answers the evaluation then. */
export async function scoredEvaluation(t: TestApp, id: number, timeoutMs = 10_000): Promise<EvaluationDetails> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const details = (await t.call('GET', `/api/backend/evaluations/${id}`)).json<EvaluationDetails>();
    if (!['pending', 'running'].includes(details.status)) return details;
    if (Date.now() > deadline) throw new Error(`evaluation ${id} was still ${details.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
