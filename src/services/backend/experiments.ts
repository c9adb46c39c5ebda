import type { ApiClient } from '../api-client';
import type { EvaluationScripts } from './evaluation-scripts';
import { asFetched, foundOrNull, validated } from '../failure-message';
import { pageQuery, totalOf } from '../paging';
import type { Page, PageRequest } from '../../domain/evaluations/evaluation-service-types';
import type { Experiment } from '../../domain/experiments/evaluation-backend-types';
import type { ExperimentRow } from '../../domain/experiments/script-names';
import type { ExperimentChanges, ExperimentDetails, ExperimentWithConfig, NewExperiment } from '../../domain/experiments/workbench-types';

// experiments/ on the evaluation backend (server/routes/backend/experiments.ts): the list with its scripts'
// names and its total, one experiment with what keeps it from running, and the form's create and change (a 400
// with the server's details for the form's fields).

export type Experiments = ReturnType<typeof createExperiments>;

export function createExperiments(api: ApiClient, scripts: Pick<EvaluationScripts, 'namedExperiments'>) {
  const path = (id: number) => `experiments/${encodeURIComponent(id)}`;

  /** GET experiments/?page&page_size → an array of experiments, X-Total-Count their total. */
  const listExperiments = (page: PageRequest) => api.raw<Experiment[]>('experiments/', { query: pageQuery(page) });

  return {
    /**
     * A page of experiments with their scripts' names, and their total from X-Total-Count. A failure goes on as
     * ofetch raised it: the page shows the fetch error itself (method, address, status).
     */
    experimentRows: async (page: PageRequest): Promise<Page<ExperimentRow>> => {
      const response = await listExperiments(page).catch(asFetched);
      return { items: await scripts.namedExperiments(response._data ?? []).catch(asFetched), total: totalOf(response.headers) };
    },

    /** The experiments' total, from X-Total-Count of a one-row page. */
    countExperiments: async () => {
      const total = totalOf((await listExperiments({ page: 1, pageSize: 1 })).headers);
      if (total === null) throw new Error('The experiments answer has no X-Total-Count.');
      return total;
    },

    /** GET experiments/{id}: the experiment, or null when the server has none of that id. */
    findExperiment: (id: number) => foundOrNull(api<ExperimentDetails>(path(id))),

    /** POST experiments/ → 201 with the experiment. */
    createExperiment: (body: NewExperiment) => validated(api<ExperimentWithConfig>('experiments/', { method: 'POST', body })),

    /** PATCH experiments/{id} → the experiment as saved. */
    updateExperiment: (id: number, changes: ExperimentChanges) =>
      validated(api<ExperimentWithConfig>(path(id), { method: 'PATCH', body: changes })),
  };
}
