import { fromPromise } from 'xstate';
import { evaluationDetailMachine } from '../machines/evaluations/evaluation-detail.machine';
import type { ConsoleDeps } from './console-deps';

// The /evaluations/{id} screen: sample data (src/fixtures) after a fake load.
export function createEvaluationsLogic({ samples, router }: Pick<ConsoleDeps, 'samples' | 'router'>) {
  return {
    evaluationDetail: evaluationDetailMachine.provide({
      actors: {
        loadEvaluation: fromPromise(({ input }: { input: { evaluationId: string } }) => samples.loadEvaluation(input.evaluationId)),
      },
      actions: { navigateTo: (_, { path }: { path: string }) => router.navigate(path) },
    }),
  };
}
