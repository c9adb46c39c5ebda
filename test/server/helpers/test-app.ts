import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../../../server/app';
import { readConfig } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { createTestDatabase, type Backend } from './test-databases';
import { openRunQueue } from '../../../server/runs/open-run-queue';
import type { SliceOptions } from '../../../server/runs/process-run';
import { startTestIssuer, type TestIssuer } from './test-issuer';

export { backends, type Backend } from './test-databases';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** PostgreSQL only: the test database's connection string. */
  databaseUrl?: string;
  /** The app's DATA_DIR (a fresh folder of its own): uploads spool here, and PGlite lives here when `onDisk`. */
  dataDir: string;
  issuer: TestIssuer;
  /** `{ authorization: 'Bearer …' }` with a valid token. */
  auth(): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Work runs in this process (the in-process queue on PGlite, a pg-boss worker on PostgreSQL). */
  runWorker?: boolean;
  /** How the worker searches (tests shorten the retry waits). */
  slice?: Omit<SliceOptions, 'deadline' | 'signal'>;
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
  const app = await buildApp(config, {
    db: options.appDatabase?.(db) ?? db,
    runQueue,
    logger: options.logger ?? false,
    requestLogging: false,
  });
  await app.ready();
  return {
    app,
    db,
    databaseUrl: url,
    dataDir,
    issuer,
    auth: async () => ({ authorization: `Bearer ${await issuer.token()}` }),
    async close() {
      await app.close();
      await runQueue?.close();
      await drop();
      await issuer.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
