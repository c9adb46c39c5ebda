import type { ConsoleLogic } from '../views/shell/logic-context';
import { createAdminLogic } from './admin-logic';
import { createApiKeysLogic } from './api-keys-logic';
import { createCatalogueLogic } from './catalogue-logic';
import { createCompareLogic } from './compare-logic';
import type { ConsoleDeps } from './console-deps';
import { createDashboardLogic } from './dashboard-logic';
import { createDatasetsLogic } from './datasets-logic';
import { createGettingStartedLogic } from './getting-started-logic';
import { createEntriesLogic } from './entries-logic';
import { createEvaluationsLogic } from './evaluations-logic';
import { createEvaluationUploadsLogic } from './evaluation-uploads-logic';
import { createExperimentsLogic } from './experiments-logic';
import { createGoldenSetsLogic } from './golden-sets-logic';
import { createGoldenSetJudgingLogic } from './golden-set-judging-logic';
import { createJudgingLogic } from './judging-logic';
import { createModelJudgesLogic } from './model-judges-logic';
import { createAutomationLogic } from './automation-logic';
import { createRunsLogic } from './runs-logic';
import { createSegmentsLogic } from './segments-logic';
import { createWorkbenchLogic } from './workbench-logic';

/** Every screen's machine bound to the services and the router: what App hands to the views. */
export function createConsoleLogic(deps: ConsoleDeps): ConsoleLogic {
  return {
    ...createDashboardLogic(deps),
    ...createGettingStartedLogic(deps),
    ...createDatasetsLogic(deps),
    ...createEntriesLogic(deps),
    ...createEvaluationsLogic(deps),
    ...createEvaluationUploadsLogic(deps),
    ...createExperimentsLogic(deps),
    ...createRunsLogic(deps),
    ...createSegmentsLogic(deps),
    ...createGoldenSetsLogic(deps),
    ...createWorkbenchLogic(deps),
    ...createCatalogueLogic(deps),
    ...createCompareLogic(deps),
    ...createJudgingLogic(deps),
    ...createGoldenSetJudgingLogic(deps),
    ...createModelJudgesLogic(deps),
    ...createAutomationLogic(deps),
    ...createAdminLogic(deps),
    ...createApiKeysLogic(deps),
  };
}
