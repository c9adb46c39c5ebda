import { fromPromise } from 'xstate';
import { evaluationDetailMachine } from '../machines/evaluations/evaluation-detail.machine';
import { testCaseMachine } from '../machines/evaluations/test-case.machine';
import { fileExportMachine, type FileExportRequest } from '../machines/shared/file-export.machine';
import { runProgressMachine } from '../machines/runs/run-progress.machine';
import { comparableRunsMachine, type ComparableRunsFetch } from '../machines/compare/comparable-runs.machine';
import { EVALUATION_RESULT_FILTER } from '../domain/evaluations/evaluation-results';
import type { TestCase, TestCaseOwner } from '../domain/evaluations/test-case';
import type { DownloadedFile, ExperimentRun } from '../domain/experiments/evaluation-backend-types';
import type { ConsoleDeps } from './console-deps';
import { pagedList, resource, rowsOf } from './paged-lists';

// The /evaluations/{id} and /test-case/{id} screens, on the evaluation backend.
export function createEvaluationsLogic({
  evaluations,
  experimentRuns,
  experimentRunResults,
  files,
  router,
}: Pick<ConsoleDeps, 'evaluations' | 'experimentRuns' | 'experimentRunResults' | 'files' | 'router'>) {
  return {
    evaluationDetail: evaluationDetailMachine.provide({
      actors: {
        evaluation: resource((id) => evaluations.findEvaluation(id)),
        list: pagedList(router, { fetchPage: rowsOf(evaluations.evaluationResultRows), filterNames: EVALUATION_RESULT_FILTER }),
        fileExport: fileExportMachine.provide({
          actors: {
            fetchExport: fromPromise(({ input }: { input: FileExportRequest }) => evaluations.exportEvaluation(input.id, input.format)),
          },
          actions: { saveFile: (_, file: DownloadedFile) => files.save(file) },
        }),
        // Only followed: an evaluation's run is started by its upload and has no experiment to start another.
        runProgress: runProgressMachine.provide({
          actors: {
            fetchRun: fromPromise<ExperimentRun, { runId: number }>(({ input }) => experimentRuns.getRun(input.runId)),
            cancelRun: fromPromise(({ input }: { input: { runId: number } }) => experimentRuns.cancelRun(input.runId)),
          },
        }),
        comparableRuns: comparableRunsMachine.provide({
          actors: {
            fetchComparableRuns: fromPromise(({ input }: { input: ComparableRunsFetch }) =>
              experimentRuns.comparableRuns(input.runId, { page: input.page, pageSize: input.pageSize }),
            ),
          },
          actions: { navigateTo: (_, { path }: { path: string }) => router.navigate(path) },
        }),
      },
      actions: { navigateTo: (_, { path }: { path: string }) => router.navigate(path) },
    }),
    testCase: testCaseMachine.provide({
      actors: {
        fetchResult: fromPromise<TestCase | null, { id: number }>(({ input }) => experimentRunResults.findRunResult(input.id)),
        fetchOwner: fromPromise<TestCaseOwner | null, { runId: number }>(async ({ input }) => {
          const run = await experimentRuns.findRun(input.runId);
          if (run === null) return null;
          return {
            runId: run.id,
            runNumber: run.number ?? null,
            evaluation: run.evaluation ?? null,
            experiment: run.experiment_id === null ? null : { id: run.experiment_id, name: run.experiment_name ?? null },
          };
        }),
      },
    }),
  };
}
