import { fromPromise } from 'xstate';
import { comparableRunsMachine, type ComparableRunsFetch } from '../machines/compare/comparable-runs.machine';
import { comparePairMachine, type PairResult } from '../machines/compare/compare-pair.machine';
import { compareSelectionMachine } from '../machines/compare/compare-selection.machine';
import { coverageMachine } from '../machines/golden-sets/coverage.machine';
import { experimentRunsPageMachine } from '../machines/runs/experiment-runs-page.machine';
import { fileExportMachine, type FileExportRequest } from '../machines/shared/file-export.machine';
import { runProgressMachine } from '../machines/runs/run-progress.machine';
import { runResultDetailsMachine, type TargetFetch } from '../machines/runs/run-result-details.machine';
import { runResultsPageMachine } from '../machines/runs/run-results-page.machine';
import type { DownloadedFile, ExperimentRun } from '../domain/experiments/evaluation-backend-types';
import { RESULT_FILTER } from '../domain/runs/result-filters';
import type { ConsoleDeps } from './console-deps';
import { rescoreRun, saveGrade } from './judging-logic';
import { pagedList, rowsOf, resource } from './paged-lists';

// The screens from /experiment-runs to /experiment-run-result-details, on the evaluation backend.
export function createRunsLogic({
  experiments,
  experimentRuns,
  experimentRunResults,
  goldenSets,
  files,
  router,
  runJudging,
}: Pick<ConsoleDeps, 'experiments' | 'experimentRuns' | 'experimentRunResults' | 'goldenSets' | 'files' | 'router' | 'runJudging'>) {
  const navigateTo = (_: unknown, { path }: { path: string }) => router.navigate(path);
  // The one watcher of a running run: the runs list's progress and the run's own results page.
  const runProgress = runProgressMachine.provide({
    actors: {
      startRun: fromPromise(({ input }: { input: { experimentId: number; tags: string[] } }) =>
        experimentRuns.startRun(input.experimentId, input.tags),
      ),
      fetchRun: fromPromise<ExperimentRun, { runId: number }>(({ input }) => experimentRuns.getRun(input.runId)),
      cancelRun: fromPromise(({ input }: { input: { runId: number } }) => experimentRuns.cancelRun(input.runId)),
    },
  });
  return {
    experimentRunsPage: experimentRunsPageMachine.provide({
      actors: {
        runList: resource((id) => experimentRuns.runsOfExperiment(id)),
        experiment: resource((id) => experiments.findExperiment(id)),
        coverage: coverageMachine.provide({
          actors: {
            fetchCoverage: fromPromise(({ input }: { input: { goldenSetId: number; datasetId: number } }) =>
              goldenSets.coverage(input.goldenSetId, input.datasetId),
            ),
          },
        }),
        runProgress,
        compareSelection: compareSelectionMachine.provide({ actions: { navigateTo } }),
      },
    }),
    runResultsPage: runResultsPageMachine.provide({
      actors: {
        list: pagedList(router, { fetchPage: rowsOf(experimentRuns.runResultRows), filterNames: RESULT_FILTER }),
        summary: resource((id) => experimentRuns.findRun(id)),
        fileExport: fileExportMachine.provide({
          actors: {
            fetchExport: fromPromise(({ input }: { input: FileExportRequest }) => experimentRuns.exportRun(input.id, input.format)),
          },
          actions: { saveFile: (_, file: DownloadedFile) => files.save(file) },
        }),
        comparableRuns: comparableRunsMachine.provide({
          actors: {
            fetchComparableRuns: fromPromise(({ input }: { input: ComparableRunsFetch }) =>
              experimentRuns.comparableRuns(input.runId, { page: input.page, pageSize: input.pageSize }),
            ),
          },
          actions: { navigateTo },
        }),
        rescoreRun: rescoreRun({ experimentRuns, goldenSets, router }),
        runProgress,
      },
    }),
    runResultDetails: runResultDetailsMachine.provide({
      actors: {
        fetchResult: fromPromise(({ input }: { input: { id: number } }) => experimentRunResults.findRunResult(input.id)),
        fetchTarget: fromPromise(async ({ input }: { input: TargetFetch }) =>
          input.goldenSetId === null
            ? runJudging.judgingTarget(input.runId)
            : { goldenSetId: input.goldenSetId, scale: await runJudging.scaleOf(input.goldenSetId) },
        ),
        saveGrade: saveGrade({ goldenSets }),
      },
      actions: { navigateTo },
    }),
    comparePair: comparePairMachine.provide({
      actors: {
        // The result, then its run for the number the page names it by.
        fetchResult: fromPromise(async ({ input }: { input: { id: number } }): Promise<PairResult | null> => {
          const result = await experimentRunResults.findRunResult(input.id);
          if (result === null) return null;
          const run = result.run_id === undefined ? null : await experimentRuns.findRun(result.run_id);
          return { ...result, runNumber: run?.number ?? null };
        }),
      },
    }),
  };
}
