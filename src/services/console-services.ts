import { createApiClients, type ApiSession } from './api-client';
import { createAccounts } from './backend/accounts';
import { createActivity } from './backend/activity';
import { createApiKeys } from './backend/api-keys';
import { createModelJudges } from './backend/model-judges';
import { createAutomation } from './backend/automation';
import { createAudit } from './backend/audit';
import { createCatalogue } from './backend/catalogue';
import { createDemoData } from './backend/demo-data';
import { createEvaluationScripts } from './backend/evaluation-scripts';
import { createEvaluations } from './backend/evaluations';
import { createExperimentRunResults } from './backend/experiment-run-results';
import { createExperimentRuns } from './backend/experiment-runs';
import { createExperiments } from './backend/experiments';
import { createGoldenSets } from './backend/golden-sets';
import { createRunComparisons } from './backend/run-comparisons';
import { createSearchTargets } from './backend/search-targets';
import { createGettingStarted } from './backend/getting-started';
import { localDismissal } from './checklist-dismissal';
import { createDashboardCounts } from './dashboard-counts';
import { saveBlob } from './download-file';
import { createDatasetEntries } from './evaluation-service/dataset-entries';
import { createDatasetEntryMappings } from './evaluation-service/dataset-entry-mappings';
import { createDatasets } from './evaluation-service/datasets';
import { createExperimentForm } from './experiment-form';
import { createRunJudging } from './run-judging';
import type { RuntimeConfig } from './runtime-config';
import { createCsvUploader, createFormPoster } from './upload-csv';

/**
 * The screens' services over the signed-in session, each made once (providers.ts calls this after sign-in): one
 * per resource of the two APIs, and the few that combine them for a screen.
 */
export function createConsoleServices(config: RuntimeConfig, session: ApiSession) {
  const { evaluationService, evaluationBackend: backend } = createApiClients(config, session);
  const postForm = createFormPoster(session);
  const resources = {
    datasets: createDatasets(evaluationService),
    datasetEntries: createDatasetEntries(evaluationService, createCsvUploader(config.evaluationServiceUrl, session)),
    datasetEntryMappings: createDatasetEntryMappings(evaluationService),
    goldenSets: createGoldenSets(backend, config.evaluationBackendUrl, postForm),
    evaluationScripts: createEvaluationScripts(backend),
    evaluations: createEvaluations(backend, config.evaluationBackendUrl, postForm),
    experimentRuns: createExperimentRuns(backend),
    experimentRunResults: createExperimentRunResults(backend),
    searchTargets: createSearchTargets(backend),
    runComparisons: createRunComparisons(backend),
    catalogue: createCatalogue(backend, config.evaluationBackendUrl, postForm),
    accounts: createAccounts(backend),
    apiKeys: createApiKeys(backend),
    modelJudges: createModelJudges(backend),
    automation: createAutomation(backend),
    audit: createAudit(backend),
    demoData: createDemoData(backend),
  };
  const experiments = createExperiments(backend, resources.evaluationScripts);
  return {
    ...resources,
    experiments,
    counts: createDashboardCounts({ ...resources, experiments }),
    activity: createActivity(backend),
    gettingStarted: createGettingStarted(backend),
    checklistDismissal: localDismissal(window.localStorage),
    runJudging: createRunJudging(resources.experimentRuns, resources.goldenSets),
    experimentForm: createExperimentForm(resources),
    files: { save: ({ blob, filename }: { blob: Blob; filename: string }) => saveBlob(blob, filename) },
    clipboard: { copyText: (text: string) => navigator.clipboard.writeText(text) },
  };
}
