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

/** A {count, results} answer as a page; a total the answer lacks is unknown, not zero. */
const totalled = <T>({ results, count }: ResultsPage<T>): Page<T> => ({ items: results, total: count ?? null });

export function createEvaluationScripts(api: ApiClient) {
  const path = (id: number) => `evaluation-scripts/${encodeURIComponent(id)}`;

  /** GET evaluation-scripts/?page&page_size → {count, results}: the scripts and their total. */
  const scriptRows = async (page: PageRequest): Promise<Page<EvaluationScript>> =>
    totalled(await api<ResultsPage<EvaluationScript>>('evaluation-scripts/', { query: pageQuery(page) }));

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
     * GET evaluation-scripts/{id}/experiments?page&page_size → {count, results}: the experiments of one script,
     * named, and their total. A failure goes on as ofetch raised it, as the experiments list's does (experiments.ts).
     */
    scriptExperimentRows: async (scriptId: number, page: PageRequest): Promise<Page<ExperimentRow>> => {
      const { results, count } = await api<ResultsPage<Experiment>>(`${path(scriptId)}/experiments`, { query: pageQuery(page) }).catch(
        asFetched,
      );
      return { items: await namedExperiments(results).catch(asFetched), total: count ?? null };
    },
  };
}
