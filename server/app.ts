import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import type { Database } from './db/database';
import { translateDatabaseError } from './db/database-errors';
import { errorBody, HttpError } from './errors';
import { formatValidationErrors } from './validation-errors';
import { validatorCompiler } from './validators';
import { refuseUnsafeInput } from './request-safety';
import { addSecurityHeaders } from './security-headers';
import { redirectLoopbackAliases } from './loopback-redirect';
import { createTokenVerifier, type VerifyToken } from './auth/verify-token';
import { requireBearerToken } from './auth/bearer-auth';
import { createApiKeyCheck } from './auth/api-key-check';
import { requireRoles } from './auth/require-role';
import { mountEmbeddedIdentity } from './identity/embedded-identity';
import { datasetRoutes } from './routes/datasets';
import { datasetEntryRoutes } from './routes/dataset-entries';
import { mappingRoutes } from './routes/dataset-entry-mappings';
import { bulkUploadRoutes } from './routes/bulk-upload';
import { experimentRoutes } from './routes/backend/experiments';
import { experimentRunRoutes } from './routes/backend/experiment-runs';
import { experimentToolRoutes } from './routes/backend/experiment-tools';
import { runComparisonRoutes } from './routes/backend/run-comparisons';
import { createComparisonCache } from './comparisons/run-comparison';
import { runSegmentRoutes } from './routes/backend/run-segments';
import { judgementRoutes } from './routes/backend/judgements';
import { runJudgingRoutes } from './routes/backend/run-judging';
import { evaluationScriptRoutes } from './routes/backend/evaluation-scripts';
import { goldenSetRoutes } from './routes/backend/golden-sets';
import { modelJudgeRoutes } from './routes/backend/model-judges';
import { judgeJobRoutes } from './routes/backend/judge-jobs';
import { catalogueRoutes } from './routes/backend/catalogue';
import { auditRoutes } from './routes/backend/audit';
import { accountRoutes } from './routes/backend/accounts';
import { apiKeyRoutes } from './routes/backend/api-keys';
import { demoDataRoutes } from './routes/backend/demo-data';
import { gettingStartedRoutes } from './routes/backend/getting-started';
import { activityRoutes } from './routes/backend/activity';
import { evaluationRoutes } from './routes/backend/evaluations';
import { runtimeConfigRoutes } from './routes/runtime-config';
import { healthRoutes } from './routes/health';
import { cliDownloadRoutes } from './routes/cli-download';
import { serveConsole } from './routes/console';
import { demoImageRoutes } from './demo/demo-images';
import { scheduleRoutes } from './routes/backend/schedules';
import { alertRoutes } from './routes/backend/alerts';
import type { AlertVerdict } from './alerts/alert-verdict';
import { gateVerdict } from './alerts/gate-verdict';
import { openRunQueue } from './runs/open-run-queue';
import type { RunQueue } from './runs/run-queue';
import type { JudgeJobQueue } from './judges/judge-job-queue';
import { openJudgeQueue } from './judges/open-judge-queue';
import { openedOnFirstUse } from './work/opened-on-first-use';
import { createImportGate } from './import/import-gate';
import type { UploadSettings } from './routes/multipart-upload';
import { serverTimeouts } from './server-timeouts';
import { diskFullMessage, DiskFullError, DiskWatch, isDiskFull, megabytes } from './db/disk-space';
import { refuseWritesOnFullDisk } from './disk-guard';
import { clearStaleSpools, processSpool } from './import/upload-spool';

const MiB = 1024 * 1024;

export interface AppDependencies {
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where new runs go; by default a queue of the storage's kind that this app closes (no worker started). */
  runQueue?: RunQueue;
  /** Where new judge jobs go; by default a queue of the storage's kind that this app closes (no worker started). */
  judgeQueue?: JudgeJobQueue;
  /** How alert rules are read (and scheduled runs decided); the gate's by default. */
  alertVerdict?: AlertVerdict;
  /** Fastify's per-request log lines (on by default; the server turns them off unless LOG_LEVEL asks). */
  requestLogging?: boolean;
  /** The first admin was just made (the server says where its password is; by default a line in the log). */
  firstAdminCreated?: (account: string, generatedPassword: string | undefined) => void;
}

export async function buildApp(
  config: Config,
  { db, logger = false, runQueue, judgeQueue, alertVerdict, requestLogging = true, firstAdminCreated }: AppDependencies,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: !requestLogging }),
    schemaErrorFormatter: formatValidationErrors,
    trustProxy: config.trustProxy,
    ...serverTimeouts(config.uploadIdleSeconds),
  });
  if (!runQueue) {
    const ownQueue = openedOnFirstUse(() => openRunQueue(db, config.runs, { log: (message, err) => app.log.error({ err }, message) }));
    app.addHook('onClose', () => ownQueue.close());
    runQueue = ownQueue;
  }
  const runs = runQueue;
  if (!judgeQueue) {
    const ownQueue = openedOnFirstUse(() => openJudgeQueue(db, { ...config.runs, log: (message, err) => app.log.error({ err }, message) }));
    app.addHook('onClose', () => ownQueue.close());
    judgeQueue = ownQueue;
  }
  const judgeJobs = judgeQueue;
  const disk = new DiskWatch({ folder: db.dataDir, reserveBytes: config.diskReserveMb * MiB });
  const room = await disk.state();
  if (room.full && room.freeBytes !== undefined) {
    app.log.warn(
      `The database's disk has ${megabytes(room.freeBytes)} free, below the reserve of ${megabytes(room.reserveBytes)} ` +
        '(DISK_RESERVE_MB): changes are refused until space is freed',
    );
  }
  app.setValidatorCompiler(validatorCompiler);
  refuseUnsafeInput(app);
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'the disk is full');
      disk.noteFull();
      error = new DiskFullError(diskFullMessage(await disk.state()));
    }
    const translated = translateDatabaseError(error);
    if (translated) error = translated;
    const status = error instanceof HttpError || error.statusCode ? (error.statusCode ?? 500) : 500;
    if (status >= 500 && !(error instanceof HttpError)) request.log.error({ err: error }, 'request failed');
    const message = status >= 500 && !(error instanceof HttpError) ? 'Internal server error' : error.message;
    const details = error instanceof HttpError ? error.details : undefined;
    // A stopped upload's client may still be sending: end the connection rather than read the rest.
    if (status === 408) reply.header('connection', 'close');
    if (status === 503) reply.header('retry-after', '5');
    return reply.code(status).send(errorBody(status, message, details));
  });
  addSecurityHeaders(app, config);
  redirectLoopbackAliases(app, config);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Search evaluation reference server',
        description:
          'The API of the search evaluation console: test queries and the datasets that group them (under /api/service/); ' +
          'the catalogue, golden sets and their judgements, experiments, their runs and comparisons, accounts and the audit ' +
          'trail (under /api/backend/). Every call takes a bearer access token from the console’s sign-in, or an API key.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT or API key' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Swagger UI sets style attributes as it draws (which no hash can allow): styles only, never scripts.
    transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
  });

  await app.register(healthRoutes, { db, disk });
  await app.register(runtimeConfigRoutes, { config });
  await app.register(cliDownloadRoutes);

  const { identity } = config;
  const verify: VerifyToken =
    identity.mode === 'embedded'
      ? await mountEmbeddedIdentity(app, {
          db,
          issuer: identity.issuer,
          audience: identity.audience,
          consoleOrigin: new URL(config.publicUrl).origin,
          publicUrl: config.publicUrl,
          adminPassword: identity.adminPassword,
          firstAdminCreated,
        })
      : createTokenVerifier({ issuer: identity.issuer, audience: identity.audience });

  const localAccounts = identity.mode === 'embedded';
  const checkKey = createApiKeyCheck(db, localAccounts, (error) => app.log.warn({ err: error }, "could not note an API key's last use"));

  // Imports wait for one of two slots, so they never hold every PostgreSQL connection the reads need.
  // Copies a killed server left in its spool are of no use to anyone.
  const spoolRoot = join(config.dataDir, 'upload-spool');
  const removed = await clearStaleSpools(spoolRoot);
  if (removed.length > 0) app.log.info(`removed uploads left unfinished by a stopped server (${spoolRoot}: ${removed.join(', ')})`);
  const uploads: UploadSettings = {
    limitMb: config.uploadLimitMb,
    idleSeconds: config.uploadIdleSeconds,
    gate: createImportGate(2),
    spool: processSpool(spoolRoot),
    disk,
  };
  await app.register(
    async (api) => {
      requireBearerToken(api, verify, identity.roles, checkKey);
      requireRoles(api);
      refuseWritesOnFullDisk(api, disk);
      await api.register(datasetRoutes, { db });
      await api.register(datasetEntryRoutes, { db });
      await api.register(mappingRoutes, { db });
      await api.register(bulkUploadRoutes, { db, uploads });
    },
    { prefix: '/api/service' },
  );
  await app.register(
    async (api) => {
      requireBearerToken(api, verify, identity.roles, checkKey);
      requireRoles(api);
      refuseWritesOnFullDisk(api, disk);
      await api.register(experimentRoutes, { db });
      await api.register(experimentRunRoutes, { db, runQueue: runs });
      await api.register(experimentToolRoutes, { db });
      // One set of kept comparisons: the compare page's, read again by the judge queue's regressions.
      const comparisonOf = createComparisonCache(db);
      await api.register(runComparisonRoutes, { db, comparisonOf });
      await api.register(runSegmentRoutes, { db });
      await api.register(judgementRoutes, { db });
      await api.register(runJudgingRoutes, { db, runQueue: runs, comparisonOf });
      await api.register(evaluationScriptRoutes, { db });
      await api.register(goldenSetRoutes, { db, uploads });
      await api.register(modelJudgeRoutes, { db });
      await api.register(judgeJobRoutes, { db, judgeQueue: judgeJobs });
      await api.register(catalogueRoutes, { db, uploads });
      await api.register(auditRoutes, { db, localAccounts });
      await api.register(accountRoutes, { db, localAccounts });
      await api.register(apiKeyRoutes, { db });
      await api.register(demoDataRoutes, { db, seedsEmptyDatabase: config.demoData });
      await api.register(gettingStartedRoutes, { db });
      await api.register(activityRoutes, { db });
      await api.register(evaluationRoutes, { db, uploads: { ...uploads, limitMb: config.evaluationUploadLimitMb }, runQueue: runs });
      await api.register(scheduleRoutes, { db });
      await api.register(alertRoutes, { db, verdict: alertVerdict ?? gateVerdict(comparisonOf) });
    },
    { prefix: '/api/backend' },
  );

  await app.register(demoImageRoutes);
  await serveConsole(app, config.consoleDir);
  return app;
}
