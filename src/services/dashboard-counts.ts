import type { Evaluations } from './backend/evaluations';
import type { Experiments } from './backend/experiments';
import type { GoldenSets } from './backend/golden-sets';
import type { DatasetEntries } from './evaluation-service/dataset-entries';
import type { Datasets } from './evaluation-service/datasets';

// The dashboard's real counts come from both APIs at once.

export type DashboardCounts = ReturnType<typeof createDashboardCounts>;

export function createDashboardCounts(services: {
  datasets: Pick<Datasets, 'countDatasets'>;
  datasetEntries: Pick<DatasetEntries, 'countEntries'>;
  goldenSets: Pick<GoldenSets, 'countGoldenSets'>;
  evaluations: Pick<Evaluations, 'countEvaluations'>;
  experiments: Pick<Experiments, 'countExperiments'>;
}) {
  return {
    /** Datasets and entries (exact totals of the evaluation service), golden sets, evaluations and experiments (the backend's). */
    countAll: async (): Promise<{
      datasets: number;
      datasetEntries: number;
      goldenSets: number;
      evaluations: number;
      experiments: number;
    }> => {
      const [datasets, datasetEntries, goldenSets, evaluations, experiments] = await Promise.all([
        services.datasets.countDatasets(),
        services.datasetEntries.countEntries(),
        services.goldenSets.countGoldenSets(),
        services.evaluations.countEvaluations(),
        services.experiments.countExperiments(),
      ]);
      return { datasets, datasetEntries, goldenSets, evaluations, experiments };
    },
  };
}
