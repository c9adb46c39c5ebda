import { fromPromise } from 'xstate';
import { newEvaluationMachine, type EvaluationUploadRequest } from '../machines/evaluations/new-evaluation.machine';
import { RANKING_EXAMPLES, TREC_QUERIES_EXAMPLE } from '../fixtures/ranking-examples';
import type { ConsoleDeps } from './console-deps';
import { allRows, pagedList } from './paged-lists';

// The /evaluations list and New Evaluation (/evaluations/new), on the evaluation backend.
export function createEvaluationUploadsLogic({
  evaluations,
  goldenSets,
  datasets,
  files,
  router,
}: Pick<ConsoleDeps, 'evaluations' | 'goldenSets' | 'datasets' | 'files' | 'router'>) {
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
      actions: {
        navigateTo: (_, { path }: { path: string }) => router.navigate(path),
        saveExample: (_, { example, format }: { example: 'ranking' | 'queries'; format: keyof typeof RANKING_EXAMPLES }) => {
          const { filename, type, text } = example === 'queries' ? TREC_QUERIES_EXAMPLE : RANKING_EXAMPLES[format];
          files.save({ blob: new Blob([text], { type }), filename });
        },
      },
    }),
  };
}
