import { createContext, useContext } from 'react';
import type { accountsPageMachine } from '../../machines/admin/accounts-page.machine';
import type { auditPageMachine } from '../../machines/admin/audit-page.machine';
import type { apiKeysPageMachine } from '../../machines/api-keys/api-keys-page.machine';
import type { demoDataRemovalMachine } from '../../machines/admin/demo-data-removal.machine';
import type { cataloguePageMachine } from '../../machines/catalogue/catalogue-page.machine';
import type { comparePairMachine } from '../../machines/compare/compare-pair.machine';
import type { comparePageMachine } from '../../machines/compare/compare-page.machine';
import type { coverageMachine } from '../../machines/golden-sets/coverage.machine';
import type { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import type { gettingStartedMachine } from '../../machines/dashboard/getting-started.machine';
import type { datasetEditorMachine } from '../../machines/datasets/dataset-editor.machine';
import type { datasetEntriesPageMachine } from '../../machines/entries/dataset-entries-page.machine';
import type { datasetsPageMachine } from '../../machines/datasets/datasets-page.machine';
import type { entryEditorMachine } from '../../machines/entries/entry-editor.machine';
import type { evaluationDetailMachine } from '../../machines/evaluations/evaluation-detail.machine';
import type { testCaseMachine } from '../../machines/evaluations/test-case.machine';
import type { experimentFormMachine } from '../../machines/experiments/experiment-form.machine';
import type { experimentRunsPageMachine } from '../../machines/runs/experiment-runs-page.machine';
import type { experimentsPageMachine } from '../../machines/experiments/experiments-page.machine';
import type { goldenSetPageMachine } from '../../machines/golden-sets/golden-set-page.machine';
import type { goldenSetsPageMachine } from '../../machines/golden-sets/golden-sets-page.machine';
import type { judgeQueueMachine } from '../../machines/judging/judge-queue.machine';
import type { newEvaluationMachine } from '../../machines/evaluations/new-evaluation.machine';
import type { judgeJobPageMachine } from '../../machines/judges/judge-job-page.machine';
import type { modelJudgesPageMachine } from '../../machines/judges/model-judges-page.machine';
import type { scheduleEditorMachine } from '../../machines/automation/schedule-editor.machine';
import type { alertsPanelMachine } from '../../machines/automation/alerts-panel.machine';
import type { pagedListMachine } from '../../machines/shared/paged-list.machine';
import type { productDetailsMachine } from '../../machines/catalogue/product-details.machine';
import type { resourceMachine } from '../../machines/shared/resource.machine';
import type { runResultDetailsMachine } from '../../machines/runs/run-result-details.machine';
import type { runResultsPageMachine } from '../../machines/runs/run-results-page.machine';
import type { runSegmentsMachine } from '../../machines/runs/run-segments.machine';
import type { scriptExperimentsPageMachine } from '../../machines/experiments/script-experiments-page.machine';

// The machines of the screens bound to the services by src/logic (createConsoleLogic), real or a test's fakes.
// Views start their actors from these, one per screen: a screen of several flows has a page machine that
// starts them; views never see a service.
export type ConsoleLogic = {
  dashboard: typeof dashboardMachine;
  /** The dashboard's "Get started" checklist. */
  gettingStarted: typeof gettingStartedMachine;
  datasetsPage: typeof datasetsPageMachine;
  datasetEditor: typeof datasetEditorMachine;
  datasetEntriesPage: typeof datasetEntriesPageMachine;
  entryEditor: typeof entryEditorMachine;
  evaluationDetail: typeof evaluationDetailMachine;
  /** One query's ranking against its references (/test-case/{id}). */
  testCase: typeof testCaseMachine;
  // The separate evaluation backend's screens.
  experimentsPage: typeof experimentsPageMachine;
  scriptList: typeof pagedListMachine;
  scriptDetails: typeof resourceMachine;
  scriptExperimentsPage: typeof scriptExperimentsPageMachine;
  /** An experiment's runs with Run experiment and the live progress of a run. */
  experimentRunsPage: typeof experimentRunsPageMachine;
  /** A run's results, its mean metrics and its exports (CSV, TREC run). */
  runResultsPage: typeof runResultsPageMachine;
  runResultDetails: typeof runResultDetailsMachine;
  /** A run's means per value of a metadata key, and a comparison's delta per value. */
  runSegments: typeof runSegmentsMachine;
  compareSegments: typeof runSegmentsMachine;
  /** One query's two run results side by side. */
  comparePair: typeof comparePairMachine;
  /** Evaluations (rankings made elsewhere): the list, and New Evaluation's upload. */
  evaluationList: typeof pagedListMachine;
  newEvaluation: typeof newEvaluationMachine;
  /** Golden sets, on the evaluation backend: the list, upload, rename and exports. */
  goldenSetsPage: typeof goldenSetsPageMachine;
  /** The experiment form: new or edit, with Try a query and the golden set's coverage. */
  experimentForm: typeof experimentFormMachine;
  /** A golden set's coverage of a dataset, for a pair chosen elsewhere. */
  coverage: typeof coverageMachine;
  /** The catalogue: products and the built-in search graded by a golden set, the import, one product. */
  cataloguePage: typeof cataloguePageMachine;
  productDetails: typeof productDetailsMachine;
  /** Two finished runs compared query by query, with the comparison's CSV. */
  comparePage: typeof comparePageMachine;
  /** A run's unjudged (query, product) pairs graded one at a time. */
  judgeQueue: typeof judgeQueueMachine;
  /** One golden set opened: its queries, a query's judgements graded in place, the history, the scale. */
  goldenSetPage: typeof goldenSetPageMachine;
  /** Model judges (list, form, a job started after its estimate) and a job's page with its live progress. */
  modelJudgesPage: typeof modelJudgesPageMachine;
  judgeJobPage: typeof judgeJobPageMachine;
  /** An experiment's schedule (cron, on/off, last and next run) and its alert rules with their deliveries. */
  scheduleEditor: typeof scheduleEditorMachine;
  alertsPanel: typeof alertsPanelMachine;
  /** For admins only: the accounts (add, role, reset password, remove) and the audit trail with its CSV. */
  accountsPage: typeof accountsPageMachine;
  auditPage: typeof auditPageMachine;
  /** Anyone's own API keys (an admin's: everyone's). */
  apiKeysPage: typeof apiKeysPageMachine;
  demoDataRemoval: typeof demoDataRemovalMachine;
};

export const LogicContext = createContext<ConsoleLogic | null>(null);

export function useLogic(): ConsoleLogic {
  const logic = useContext(LogicContext);
  if (!logic) throw new Error('useLogic needs a LogicContext provider (see App.tsx)');
  return logic;
}
