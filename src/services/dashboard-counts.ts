import type { EvaluationBackend } from './evaluation-backend';
import type { EvaluationService } from './evaluation-service';

// The dashboard's real counts come from both APIs at once.

export type DashboardCounts = ReturnType<typeof createDashboardCounts>;

export function createDashboardCounts(
  service: Pick<EvaluationService, 'countDatasetsAndEntries'>,
  backend: Pick<EvaluationBackend, 'countGoldenSets' | 'countExperiments'>,
) {
  return {
    /** Datasets and entries (exact totals of the evaluation service), golden sets and experiments (the backend's). */
    countAll: async (): Promise<{ datasets: number; datasetEntries: number; goldenSets: number; experiments: number }> => {
      const [counts, goldenSets, experiments] = await Promise.all([
        service.countDatasetsAndEntries(),
        backend.countGoldenSets(),
        backend.countExperiments(),
      ]);
      return { ...counts, goldenSets, experiments };
    },
  };
}
