import type { DownloadedFile } from '../domain/experiments/evaluation-backend-types';
import type { Router } from '../domain/shell/router';
import type { Accounts } from '../services/backend/accounts';
import type { ApiKeys } from '../services/backend/api-keys';
import type { Audit } from '../services/backend/audit';
import type { Catalogue } from '../services/backend/catalogue';
import type { DemoData } from '../services/backend/demo-data';
import type { Activity } from '../services/backend/activity';
import type { EvaluationScripts } from '../services/backend/evaluation-scripts';
import type { Evaluations } from '../services/backend/evaluations';
import type { ExperimentRunResults } from '../services/backend/experiment-run-results';
import type { ExperimentRuns } from '../services/backend/experiment-runs';
import type { Experiments } from '../services/backend/experiments';
import type { GoldenSets } from '../services/backend/golden-sets';
import type { ModelJudges } from '../services/backend/model-judges';
import type { Automation } from '../services/backend/automation';
import type { RunComparisons } from '../services/backend/run-comparisons';
import type { SearchTargets } from '../services/backend/search-targets';
import type { GettingStarted } from '../services/backend/getting-started';
import type { ChecklistDismissal } from '../services/checklist-dismissal';
import type { DashboardCounts } from '../services/dashboard-counts';
import type { DatasetEntries } from '../services/evaluation-service/dataset-entries';
import type { DatasetEntryMappings } from '../services/evaluation-service/dataset-entry-mappings';
import type { Datasets } from '../services/evaluation-service/datasets';
import type { ExperimentForm } from '../services/experiment-form';
import type { RunJudging } from '../services/run-judging';

/**
 * What the screens' machines are bound to: one service per resource of the two APIs (named as the server names
 * it), the few calls that combine them for a screen, and the address bar. Tests pass fakes.
 */
export type ConsoleDeps = {
  /** The evaluation service's datasets/, dataset-entries/ and dataset-entry-mappings/. */
  datasets: Datasets;
  datasetEntries: DatasetEntries;
  datasetEntryMappings: DatasetEntryMappings;
  /** The evaluation backend's golden sets with their judgements, experiments, runs, one run result, scripts. */
  goldenSets: GoldenSets;
  experiments: Experiments;
  experimentRuns: ExperimentRuns;
  experimentRunResults: ExperimentRunResults;
  evaluationScripts: EvaluationScripts;
  /** Rankings made elsewhere, uploaded and scored against a golden set. */
  evaluations: Evaluations;
  /** A query tried through a search target from the experiment form. */
  searchTargets: SearchTargets;
  /** Two finished runs compared query by query, and that comparison as CSV. */
  runComparisons: RunComparisons;
  /** The product catalogue: products, the built-in search, the import. */
  catalogue: Catalogue;
  /** Model judges and their jobs (curators). */
  modelJudges: ModelJudges;
  /** An experiment's schedule and its alert rules with their deliveries. */
  automation: Automation;
  /** For admins: the embedded provider's accounts, and the audit trail. */
  accounts: Accounts;
  audit: Audit;
  /** One's API keys (an admin's: everyone's). */
  apiKeys: ApiKeys;
  /** Puts a text on the clipboard (a new key's secret); fails when the browser will not. */
  clipboard: { copyText(text: string): Promise<void> };
  /** The demo data: whether it is there, by kind (any role), and its removal (admins). */
  demoData: DemoData;
  /** The dashboard's counts of both APIs, and what was made each month. */
  counts: DashboardCounts;
  activity: Activity;
  /** The dashboard's "Get started" checklist: its steps from the server, and whether this browser dismissed it. */
  gettingStarted: GettingStarted;
  checklistDismissal: ChecklistDismissal;
  /** A run's golden set and its scale, to judge into. */
  runJudging: RunJudging;
  /** What the experiment form offers to choose from. */
  experimentForm: ExperimentForm;
  /** Hands an exported file to the browser as a download. */
  files: { save(file: DownloadedFile): void };
  router: Router;
};
