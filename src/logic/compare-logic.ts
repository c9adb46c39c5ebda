import { fromPromise } from 'xstate';
import { comparePageMachine, type ComparePageEvent, type ComparisonFetch } from '../machines/compare/compare-page.machine';
import { fileExportMachine, type FileExportRequest } from '../machines/shared/file-export.machine';
import { COMPARE_PATH } from '../domain/compare/compare-address';
import type { ComparisonPage } from '../domain/compare/comparison-types';
import type { DownloadedFile } from '../domain/experiments/evaluation-backend-types';
import type { ConsoleDeps } from './console-deps';
import { routeListener } from './route-listener';

// Comparing two runs, bound to the run-comparisons calls and the address bar.
export function createCompareLogic({ runComparisons, files, router }: Pick<ConsoleDeps, 'runComparisons' | 'files' | 'router'>) {
  return {
    comparePage: comparePageMachine.provide({
      actors: {
        fetchComparison: fromPromise<ComparisonPage, ComparisonFetch>(({ input }) =>
          runComparisons.compareRuns(input.params, { page: input.page, pageSize: input.pageSize }),
        ),
        listenForRoute: routeListener<ComparePageEvent>(router, (search) => ({ type: 'route.changed', search })),
        fileExport: fileExportMachine.provide({
          actors: {
            fetchExport: fromPromise(({ input }: { input: FileExportRequest }) => runComparisons.exportComparison(input.query ?? {})),
          },
          actions: { saveFile: (_, file: DownloadedFile) => files.save(file) },
        }),
      },
      actions: {
        navigateTo: (_, { search }: { search: string }) => router.navigate(`${COMPARE_PATH}${search}`),
        replaceWith: (_, { search }: { search: string }) => router.replace(`${COMPARE_PATH}${search}`),
      },
    }),
  };
}
