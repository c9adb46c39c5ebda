import type { EvaluationScripts } from './backend/evaluation-scripts';
import type { GoldenSets } from './backend/golden-sets';
import type { Datasets } from './evaluation-service/datasets';
import type { FormOptions } from '../domain/experiments/workbench-types';

// The experiment form offers a choice of three resources of both APIs: datasets, evaluation scripts and
// golden sets, by name.

/** Scripts the form offers in full: the server's largest page. */
const ALL_SCRIPTS = { page: 1, pageSize: 1000 };

export type ExperimentForm = ReturnType<typeof createExperimentForm>;

export function createExperimentForm(services: {
  datasets: Pick<Datasets, 'datasetOptions'>;
  evaluationScripts: Pick<EvaluationScripts, 'scriptRows'>;
  goldenSets: Pick<GoldenSets, 'goldenSetOptions'>;
}) {
  return {
    /** Every dataset, evaluation script and golden set, by name, for the form's pickers. */
    formOptions: async (): Promise<FormOptions> => {
      const [datasets, scripts, goldenSets] = await Promise.all([
        services.datasets.datasetOptions(),
        services.evaluationScripts.scriptRows(ALL_SCRIPTS),
        services.goldenSets.goldenSetOptions(),
      ]);
      return {
        datasets,
        scripts: scripts.items.map(({ id, name, runs_here }) => ({ id, name, runsHere: runs_here === true })),
        goldenSets,
      };
    },
  };
}
