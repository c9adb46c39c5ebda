import type { ApiClient } from '../api-client';
import { asFetched, foundOrNull } from '../failure-message';
import { allChoices, pageQuery } from '../paging';
import type { Page, PageRequest } from '../../domain/evaluations/evaluation-service-types';
import type { EvaluationScript, Experiment, ResultsPage } from '../../domain/experiments/evaluation-backend-types';
import { createScriptNameCache, withScriptNames, type ExperimentRow } from '../../domain/experiments/script-names';

// evaluation-scripts/ on the evaluation backend (server/routes/backend/evaluation-scripts.ts): the scripts
// listed, one script, and the experiments of one script with their script's name.

/** Every script for a dropdown is read in pages this big, up to this many pages. */
const OPTIONS_PAGE_SIZE = 20;
const OPTIONS_MAX_PAGES = 50;

export type EvaluationScripts = ReturnType<typeof createEvaluationScripts>;

export function createEvaluationScripts(api: ApiClient) {
  const path = (id: number) => `evaluation-scripts/${encodeURIComponent(id)}`;

  /** GET evaluation-scripts/?page&page_size → {results: scripts}; this call sends no total. */
  const scriptRows = async (page: PageRequest): Promise<Page<EvaluationScript>> => {
    const { results } = await api<ResultsPage<EvaluationScript>>('evaluation-scripts/', { query: pageQuery(page) });
    return { items: results, total: null };
  };

  /** GET evaluation-scripts/{id} → one script. */
  const getScript = (id: number) => api<EvaluationScript>(path(id));

  // Each distinct script of the experiments is fetched once (for this sign-in) to show its name.
  const scriptNames = createScriptNameCache(getScript);

  /** The experiments, each with its script's name. */
  const namedExperiments = async (experiments: Experiment[]): Promise<ExperimentRow[]> =>
    withScriptNames(experiments, await scriptNames.namesOf(experiments.map((row) => row.evaluation_script_id)));

  return {
    scriptRows,

    /** Every script as a choice of 'Filter by Script': page by page until a short page. */
    allScriptOptions: () => allChoices(scriptRows, OPTIONS_PAGE_SIZE, OPTIONS_MAX_PAGES),

    /** The script, or null when the server has none of that id. */
    findScript: (id: number) => foundOrNull(getScript(id)),

    namedExperiments,

    /**
     * GET evaluation-scripts/{id}/experiments?page&page_size → {results: experiments} of one script, named; this
     * call sends no total. A failure goes on as ofetch raised it, as the experiments list's does (experiments.ts).
     */
    scriptExperimentRows: async (scriptId: number, page: PageRequest): Promise<Page<ExperimentRow>> => {
      const { results } = await api<ResultsPage<Experiment>>(`${path(scriptId)}/experiments`, { query: pageQuery(page) }).catch(asFetched);
      return { items: await namedExperiments(results).catch(asFetched), total: null };
    },
  };
}
