import type { DownloadedFile } from '../domain/experiments/evaluation-backend-types';
import type { Router } from '../domain/shell/router';
import type { Accounts } from '../services/accounts';
import type { AuditTrail } from '../services/audit-trail';
import type { Catalogue } from '../services/catalogue';
import type { DashboardCounts } from '../services/dashboard-counts';
import type { EvaluationBackend } from '../services/evaluation-backend';
import type { EvaluationService } from '../services/evaluation-service';
import type { ExperimentWorkbench } from '../services/experiment-workbench';
import type { GoldenSetJudging } from '../services/golden-set-judging';
import type { RunComparisons } from '../services/run-comparisons';
import type { RunJudging } from '../services/run-judging';
import type { SampleEvaluationDetail } from '../services/sample-evaluations';

/** What the screens' machines are bound to: the services' objects and the address bar. Tests pass fakes. */
export type ConsoleDeps = {
  /** The evaluation service: datasets and their entries. */
  service: EvaluationService;
  /** The separate evaluation backend: scripts, experiments, runs, golden sets. */
  backend: EvaluationBackend;
  /** The experiment workbench's calls: the experiment form, try a query, coverage. */
  workbench: ExperimentWorkbench;
  /** The evaluation backend's product catalogue: products, the built-in search, the import. */
  catalogue: Catalogue;
  counts: DashboardCounts;
  /** Two finished runs compared query by query, and that comparison as CSV. */
  comparisons: RunComparisons;
  /** Judging from a run: its unjudged pairs, a grade into its golden set, a rescore. */
  runJudging: RunJudging;
  /** A golden set opened and judged: its queries, their judgements, the history, the scale. */
  judging: GoldenSetJudging;
  /** For admins: the embedded provider's accounts, and the audit trail. */
  accounts: Accounts;
  auditTrail: AuditTrail;
  /** The evaluations screens run on sample data after a fake load. */
  samples: { loadEvaluation(evaluationId: string): Promise<SampleEvaluationDetail> };
  /** Hands an exported file to the browser as a download. */
  files: { save(file: DownloadedFile): void };
  router: Router;
};
