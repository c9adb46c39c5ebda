import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDependencies } from '../../../server/app';
import { readConfig } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { createTestDatabase, type Backend } from './test-databases';
import { openRunQueue } from '../../../server/runs/open-run-queue';
import { openJudgeQueue } from '../../../server/judges/open-judge-queue';
import type { RunQueue } from '../../../server/runs/run-queue';
import type { JudgeSliceOptions } from '../../../server/judges/process-judge-job';
import type { SliceOptions } from '../../../server/runs/process-run';
import { startTestIssuer, type TestIssuer } from './test-issuer';
import { multipart, type Part } from './multipart';
import { ACTIVE_STATUSES } from '../../../server/comparisons/compared-runs';
import type { ExperimentRunDetails } from '../../../server/schemas/runs';

export { backends, type Backend } from './test-databases';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** With `runWorker`: the queue the app's runs go to (a scheduler of the test's own may start runs on it). */
  runQueue?: RunQueue;
  /** PostgreSQL only: the test database's connection string. */
  databaseUrl?: string;
  /** The app's DATA_DIR (a fresh folder of its own): uploads spool here, and PGlite lives here when `onDisk`. */
  dataDir: string;
  issuer: TestIssuer;
  /** `{ authorization: 'Bearer …' }` with a valid token. */
  auth(): Promise<{ authorization: string }>;
  /** `app.inject` as the default (admin) token, `payload` sent as JSON; `headers` add to or override it (another role's token). */
  call(method: Method, url: string, payload?: InjectOptions['payload'], headers?: Headers): Promise<LightMyRequestResponse>;
  /** POSTs `parts` as a multipart form (see `multipart()`) with the default token, which `headers` may override. */
  upload(url: string, parts: Array<[string, Part]>, headers?: Headers): Promise<LightMyRequestResponse>;
  /** Polls the run through the API until it is no longer pending or running, and answers it; fails naming its last status. */
  runUntilEnded(runId: number, options?: { timeoutMs?: number }): Promise<EndedRun>;
  close(): Promise<void>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Headers = Record<string, string>;
/** A run as `GET /api/backend/experiment-runs/{id}` answers it. */
export type EndedRun = ExperimentRunDetails;

/** The issuer's tokens last 10 minutes: the default one is signed again after 5. */
const TOKEN_REUSE_MS = 5 * 60_000;

export interface TestAppOptions {
  /** Work runs in this process (the in-process queue on PGlite, a pg-boss worker on PostgreSQL). */
  runWorker?: boolean;
  /** How the worker searches (tests shorten the retry waits). */
  slice?: Omit<SliceOptions, 'deadline' | 'signal'>;
  /** With runWorker: judge jobs are worked in this process too, calling model judges so (tests shorten the timeout and retry waits). */
  judge?: JudgeSliceOptions;
  /** How alert rules are read and decided (the gate's by default). */
  alertVerdict?: AppDependencies['alertVerdict'];
  /** Fastify's logger (none by default), e.g. `{ level: 'info', stream }` to read what the app logs. */
  logger?: AppDependencies['logger'];
  /** What the app is given instead of the test database itself (to make some of its calls fail). */
  appDatabase?: (db: Database) => Database;
  /** PGlite keeps its files in the app's data folder, as the server's does, instead of in memory. */
  onDisk?: boolean;
}

/** The production app (same buildApp, same config reader) on a fresh database, trusting a test issuer. */
export async function startTestApp(backend: Backend, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const issuer = await startTestIssuer();
  const dataDir = await mkdtemp(join(tmpdir(), 'evaltest-data-'));
  const { db, drop, url } = await createTestDatabase(backend, options.onDisk ? dataDir : undefined);
  const config = readConfig({
    OIDC_ISSUER: issuer.issuer,
    OIDC_AUDIENCE: issuer.audience,
    OIDC_CLIENT_ID: 'test-console',
    DATA_DIR: dataDir,
    ...env,
  });
  const runQueue = options.runWorker ? await openRunQueue(db, config.runs, { slice: options.slice }) : undefined;
  await runQueue?.startWorker();
  // Judge jobs are worked only where a test asks for them: on PostgreSQL each worker is a pg-boss of its own.
  const judgeQueue = options.runWorker && options.judge ? await openJudgeQueue(db, config.runs, options.judge) : undefined;
  await judgeQueue?.startWorker();
  const app = await buildApp(config, {
    db: options.appDatabase?.(db) ?? db,
    runQueue,
    judgeQueue,
    alertVerdict: options.alertVerdict,
    logger: options.logger ?? false,
    requestLogging: false,
  });
  await app.ready();
  const auth = async () => ({ authorization: `Bearer ${await issuer.token()}` });
  let token: { headers: Promise<{ authorization: string }>; at: number } | undefined;
  const defaultHeaders = () => {
    if (!token || Date.now() - token.at > TOKEN_REUSE_MS) token = { headers: auth(), at: Date.now() };
    return token.headers;
  };
  const call: TestApp['call'] = async (method, url, payload, headers = {}) =>
    app.inject({ method, url, headers: { ...(await defaultHeaders()), ...headers }, ...(payload === undefined ? {} : { payload }) });
  return {
    app,
    db,
    runQueue,
    databaseUrl: url,
    dataDir,
    issuer,
    auth,
    call,
    async upload(url, parts, headers = {}) {
      const form = await multipart(parts);
      return app.inject({
        method: 'POST',
        url,
        payload: form.payload,
        headers: { ...(await defaultHeaders()), 'content-type': form.contentType, ...headers },
      });
    },
    async runUntilEnded(runId, { timeoutMs = 20_000 } = {}) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const answer = await call('GET', `/api/backend/experiment-runs/${runId}`);
        const run = answer.json<EndedRun>();
        if (answer.statusCode === 200 && !ACTIVE_STATUSES.includes(run.status)) return run;
        if (Date.now() > end) {
          const last =
            answer.statusCode === 200 ? `its last status was ${run.status}` : `the last answer was ${answer.statusCode} ${answer.body}`;
          throw new Error(`run ${runId} did not end within ${timeoutMs} ms: ${last} (${JSON.stringify(run)})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      await app.close();
      await runQueue?.close();
      await judgeQueue?.close();
      await drop();
      await issuer.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
