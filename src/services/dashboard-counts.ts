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
  experiments: Pick<Experiments, 'countExperiments'>;
}) {
  return {
    /** Datasets and entries (exact totals of the evaluation service), golden sets and experiments (the backend's). */
    countAll: async (): Promise<{ datasets: number; datasetEntries: number; goldenSets: number; experiments: number }> => {
      const [datasets, datasetEntries, goldenSets, experiments] = await Promise.all([
        services.datasets.countDatasets(),
        services.datasetEntries.countEntries(),
        services.goldenSets.countGoldenSets(),
        services.experiments.countExperiments(),
      ]);
      return { datasets, datasetEntries, goldenSets, experiments };
    },
  };
}
