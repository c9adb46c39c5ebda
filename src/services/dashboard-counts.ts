import type { EvaluationBackend } from './evaluation-backend';
import type { EvaluationService } from './evaluation-service';

// Spec §2 /: the dashboard's real counts come from both APIs at once.

export type DashboardCounts = ReturnType<typeof createDashboardCounts>;

export function createDashboardCounts(
  service: Pick<EvaluationService, 'countDatasetsAndEntries'>,
  backend: Pick<EvaluationBackend, 'countGoldenSets'>,
) {
  return {
    /** Datasets and entries (exact totals of the evaluation service) and golden sets (the backend's). */
    countAll: async (): Promise<{ datasets: number; datasetEntries: number; goldenSets: number }> => {
      const [counts, goldenSets] = await Promise.all([service.countDatasetsAndEntries(), backend.countGoldenSets()]);
      return { ...counts, goldenSets };
    },
  };
}
