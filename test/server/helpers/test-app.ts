import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { readConfig } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { createTestDatabase, type Backend } from './test-databases';
import { startTestIssuer, type TestIssuer } from './test-issuer';

export { backends, type Backend } from './test-databases';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  issuer: TestIssuer;
  /** `{ authorization: 'Bearer …' }` with a valid token. */
  auth(): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/** The production app (same buildApp, same config reader) on a fresh database, trusting a test issuer. */
export async function startTestApp(backend: Backend, env: Record<string, string> = {}): Promise<TestApp> {
  const issuer = await startTestIssuer();
  const { db, drop } = await createTestDatabase(backend);
  const config = readConfig({ OIDC_ISSUER: issuer.issuer, OIDC_AUDIENCE: issuer.audience, OIDC_CLIENT_ID: 'test-console', ...env });
  const app = await buildApp(config, { db });
  await app.ready();
  return {
    app,
    db,
    issuer,
    auth: async () => ({ authorization: `Bearer ${await issuer.token()}` }),
    async close() {
      await app.close();
      await drop();
      await issuer.close();
    },
  };
}
