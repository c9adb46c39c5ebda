import { fromPromise } from 'xstate';
import { coverageMachine } from '../machines/golden-sets/coverage.machine';
import { experimentFormMachine, type FormLoad, type SaveRequest } from '../machines/experiments/experiment-form.machine';
import { tryQueryMachine } from '../machines/experiments/try-query.machine';
import type { TryQuery } from '../domain/experiments/workbench-types';
import type { ConsoleDeps } from './console-deps';

// The experiment workbench: the experiment form with Try a query and the golden set's coverage.
export function createWorkbenchLogic({ workbench, router }: Pick<ConsoleDeps, 'workbench' | 'router'>) {
  const coverage = coverageMachine.provide({
    actors: {
      fetchCoverage: fromPromise(({ input }: { input: { goldenSetId: number; datasetId: number } }) =>
        workbench.coverage(input.goldenSetId, input.datasetId),
      ),
    },
  });
  return {
    experimentForm: experimentFormMachine.provide({
      actors: {
        loadForm: fromPromise<FormLoad, { experimentId: number | null }>(async ({ input }) => {
          const [options, experiment] = await Promise.all([
            workbench.formOptions(),
            input.experimentId === null ? undefined : workbench.findExperiment(input.experimentId),
          ]);
          return { options, experiment };
        }),
        saveExperiment: fromPromise(({ input }: { input: SaveRequest }) =>
          input.experimentId === null
            ? workbench.createExperiment(input.request)
            : workbench.updateExperiment(input.experimentId, input.request),
        ),
        tryQuery: tryQueryMachine.provide({
          actors: { tryQuery: fromPromise(({ input }: { input: TryQuery }) => workbench.tryQuery(input)) },
        }),
        coverage,
      },
      actions: { navigateTo: (_, { path }: { path: string }) => router.navigate(path) },
    }),
    /** The coverage of a pair chosen elsewhere (the runs page's experiment). */
    coverage,
  };
}
