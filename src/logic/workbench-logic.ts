import { fromPromise } from 'xstate';
import { coverageMachine } from '../machines/golden-sets/coverage.machine';
import { experimentFormMachine, type FormLoad, type SaveRequest } from '../machines/experiments/experiment-form.machine';
import { tryQueryMachine } from '../machines/experiments/try-query.machine';
import type { TryQuery } from '../domain/experiments/workbench-types';
import type { ConsoleDeps } from './console-deps';

// The experiment workbench: the experiment form with Try a query and the golden set's coverage.
export function createWorkbenchLogic({
  experiments,
  experimentForm,
  goldenSets,
  searchTargets,
  router,
}: Pick<ConsoleDeps, 'experiments' | 'experimentForm' | 'goldenSets' | 'searchTargets' | 'router'>) {
  const coverage = coverageMachine.provide({
    actors: {
      fetchCoverage: fromPromise(({ input }: { input: { goldenSetId: number; datasetId: number } }) =>
        goldenSets.coverage(input.goldenSetId, input.datasetId),
      ),
    },
  });
  return {
    experimentForm: experimentFormMachine.provide({
      actors: {
        loadForm: fromPromise<FormLoad, { experimentId: number | null }>(async ({ input }) => {
          const [options, experiment] = await Promise.all([
            experimentForm.formOptions(),
            input.experimentId === null ? undefined : experiments.findExperiment(input.experimentId),
          ]);
          return { options, experiment };
        }),
        saveExperiment: fromPromise(({ input }: { input: SaveRequest }) =>
          input.experimentId === null
            ? experiments.createExperiment(input.request)
            : experiments.updateExperiment(input.experimentId, input.request),
        ),
        tryQuery: tryQueryMachine.provide({
          actors: { tryQuery: fromPromise(({ input }: { input: TryQuery }) => searchTargets.tryQuery(input)) },
        }),
        coverage,
      },
      actions: { navigateTo: (_, { path }: { path: string }) => router.navigate(path) },
    }),
    /** The coverage of a pair chosen elsewhere (the runs page's experiment). */
    coverage,
  };
}
