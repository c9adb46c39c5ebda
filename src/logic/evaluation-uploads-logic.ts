import { fromPromise } from 'xstate';
import { newEvaluationMachine, type EvaluationUploadRequest } from '../machines/evaluations/new-evaluation.machine';
import type { ConsoleDeps } from './console-deps';
import { allRows, pagedList } from './paged-lists';

// The /evaluations list and New Evaluation (/evaluations/new), on the evaluation backend.
export function createEvaluationUploadsLogic({
  evaluations,
  goldenSets,
  datasets,
  router,
}: Pick<ConsoleDeps, 'evaluations' | 'goldenSets' | 'datasets' | 'router'>) {
  return {
    evaluationList: pagedList(router, { fetchPage: allRows(evaluations.evaluationRows) }),
    newEvaluation: newEvaluationMachine.provide({
      actors: {
        loadOptions: fromPromise(async () => {
          const [goldenSetChoices, datasetChoices] = await Promise.all([goldenSets.goldenSetOptions(), datasets.datasetOptions()]);
          return { goldenSets: goldenSetChoices, datasets: datasetChoices };
        }),
        uploadEvaluation: fromPromise(({ input, signal }: { input: EvaluationUploadRequest; signal: AbortSignal }) =>
          evaluations.uploadEvaluation(input.upload, { signal, onProgress: input.reportProgress }),
        ),
      },
      actions: { navigateTo: (_, { path }: { path: string }) => router.navigate(path) },
    }),
  };
}
