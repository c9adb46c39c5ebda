import { FetchError } from 'ofetch';
import type { ApiFetch } from './api-client';
import { explained, failureMessage, foundOrNull } from './failure-message';
import type { EvaluationService } from './evaluation-service';
import { InvalidInputError } from '../domain/shared/error-message';
import type { EvaluationScript, GoldenSet } from '../domain/experiments/evaluation-backend-types';
import type {
  Coverage,
  ExperimentChanges,
  ExperimentDetails,
  ExperimentWithConfig,
  FormOptions,
  NewExperiment,
  RunResultWithNames,
  TryQuery,
  TryResult,
} from '../domain/experiments/workbench-types';

// The experiment workbench's calls on the evaluation backend: an experiment with what keeps it
// from running, creating and changing one, trying a query through a target, a golden set's coverage of a
// dataset, one run result, and what the form offers to choose from (datasets come from the evaluation service).

/** Lists the form offers in full: the server's largest page. */
const ALL = { page: 1, page_size: 1000 };

/** A 400 becomes the server's sentences with their details, for the form to put beside its fields. */
async function validated<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof FetchError && error.statusCode === 400) {
      const data = error.data as { details?: { problems?: unknown } } | undefined;
      throw new InvalidInputError(failureMessage(error), data?.details);
    }
    return explained(Promise.reject(error));
  }
}

export type ExperimentWorkbench = ReturnType<typeof createExperimentWorkbench>;

export function createExperimentWorkbench(api: ApiFetch, service: Pick<EvaluationService, 'datasetOptions'>) {
  /** The experiment, or null when the server has none of that id. */
  const findExperiment = (id: number) => foundOrNull(api<ExperimentDetails>(`experiments/${encodeURIComponent(id)}`));
  const coverage = (goldenSetId: number, datasetId: number) =>
    explained(api<Coverage>(`golden-sets/${encodeURIComponent(goldenSetId)}/coverage`, { query: { dataset_id: datasetId } }));
  return {
    findExperiment,

    /** The coverage of the experiment's dataset by its golden set; null when it has no golden set yet. */
    experimentCoverage: async (experimentId: number): Promise<Coverage | null> => {
      const experiment = await findExperiment(experimentId);
      const goldenSetId = Number((experiment?.config as { golden_set_id?: unknown } | undefined)?.golden_set_id);
      if (!experiment || !Number.isSafeInteger(goldenSetId)) return null;
      return coverage(goldenSetId, experiment.dataset_id);
    },

    coverage,

    createExperiment: (body: NewExperiment) => validated(api<ExperimentWithConfig>('experiments/', { method: 'POST', body })),

    updateExperiment: (id: number, changes: ExperimentChanges) =>
      validated(api<ExperimentWithConfig>(`experiments/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes })),

    tryQuery: (request: TryQuery) => validated(api<TryResult>('search-targets/try', { method: 'POST', body: request })),

    /** One run result with its judged products' catalogue names (a details screen), or null when there is none. */
    findRunResult: (id: number) => foundOrNull(api<RunResultWithNames>(`experiment-run-results/${encodeURIComponent(id)}`)),

    /** Every dataset, evaluation script and golden set, by name, for the form's pickers. */
    formOptions: async (): Promise<FormOptions> => {
      const [datasets, scripts, goldenSets] = await Promise.all([
        explained(service.datasetOptions()),
        explained(api<{ results: EvaluationScript[] }>('evaluation-scripts/', { query: ALL })),
        explained(api<{ results: GoldenSet[] }>('golden-sets/', { query: ALL })),
      ]);
      return {
        datasets,
        scripts: scripts.results.map(({ id, name, runs_here }) => ({ id, name, runsHere: runs_here === true })),
        goldenSets: goldenSets.results.map(({ id, name }) => ({ id, name })),
      };
    },
  };
}
