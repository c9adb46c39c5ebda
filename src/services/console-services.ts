import { createAccounts } from './accounts';
import { createApiClients, type ApiSession } from './api-client';
import { createAuditTrail } from './audit-trail';
import { createCatalogue } from './catalogue';
import { createDashboardCounts } from './dashboard-counts';
import { saveBlob } from './download-file';
import { createEvaluationBackend } from './evaluation-backend';
import { createEvaluationService } from './evaluation-service';
import { createExperimentWorkbench } from './experiment-workbench';
import { createGoldenSetJudging } from './golden-set-judging';
import { createRunComparisons } from './run-comparisons';
import { createRunJudging } from './run-judging';
import type { RuntimeConfig } from './runtime-config';
import { loadSampleEvaluation } from './sample-evaluations';
import { createCsvUploader, createFormPoster } from './upload-csv';

/** The screens' services over the signed-in session, each made once (providers.ts calls this after sign-in). */
export function createConsoleServices(config: RuntimeConfig, session: ApiSession) {
  const clients = createApiClients(config, session);
  const service = createEvaluationService(clients.evaluationService, createCsvUploader(config.evaluationServiceUrl, session));
  const postForm = createFormPoster(session);
  const backend = createEvaluationBackend(clients.evaluationBackend, config.evaluationBackendUrl, postForm);
  return {
    service,
    backend,
    workbench: createExperimentWorkbench(clients.evaluationBackend, service),
    catalogue: createCatalogue(clients.evaluationBackend, config.evaluationBackendUrl, postForm),
    counts: createDashboardCounts(service, backend),
    comparisons: createRunComparisons(clients.evaluationBackend),
    runJudging: createRunJudging(clients.evaluationBackend),
    judging: createGoldenSetJudging(clients.evaluationBackend),
    accounts: createAccounts(clients.evaluationBackend),
    auditTrail: createAuditTrail(clients.evaluationBackend),
    samples: { loadEvaluation: (evaluationId: string) => loadSampleEvaluation(evaluationId) },
    files: { save: ({ blob, filename }: { blob: Blob; filename: string }) => saveBlob(blob, filename) },
  };
}
