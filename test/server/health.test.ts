/**
 * /healthz and /readyz ask the database, with a short timeout: a load balancer sees 503 while the
 * database is wedged or refusing connections, and 200 again once it answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { backends, createTestDatabase, withClient, type TestDatabase } from './helpers/test-databases';

const config = readConfig({ OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_AUDIENCE: 'health-test', OIDC_CLIENT_ID: 'health-test' });

/** The database, whose `SELECT 1` can be made to hang like a wedged server's. */
function wedgeable(db: Database) {
  let wedged = false;
  const wrapped: Database = {
    ...db,
    query: (sql, params) => (wedged && sql === 'SELECT 1' ? new Promise(() => undefined) : db.query(sql, params)),
  };
  return { db: wrapped, wedge: (on: boolean) => (wedged = on) };
}

/** The answer, or 'no answer' when there is none within `ms` (a probe that hangs is as bad as a lie). */
async function probe(app: FastifyInstance, url: string, ms = 5_000) {
  const timeout = new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms));
  const answer = app.inject({ method: 'GET', url }).then((res) => ({ status: res.statusCode, body: res.json() }));
  return Promise.race([answer, timeout]);
}

describe.each(backends)('health and readiness (%s)', (backend) => {
  let test: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    await test?.drop();
  });

  it('answer 200 while the database answers and 503 within seconds while it hangs', async () => {
    test = await createTestDatabase(backend);
    const { db, wedge } = wedgeable(test.db);
    app = await buildApp(config, { db });
    expect(await probe(app, '/healthz')).toEqual({ status: 200, body: { status: 'ok', database: 'ok', disk: 'ok' } });
    expect(await probe(app, '/readyz')).toEqual({ status: 200, body: { status: 'ready', disk: 'ok' } });

    wedge(true);
    const started = Date.now();
    expect(await probe(app, '/healthz')).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'timeout' } });
    expect(await probe(app, '/readyz')).toMatchObject({ status: 503, body: { status: 'not ready' } });
    expect(Date.now() - started).toBeLessThan(8_000);

    wedge(false);
    expect(await probe(app, '/healthz')).toMatchObject({ status: 200 });
  });

  it.skipIf(backend !== 'postgres')('answer 503 while PostgreSQL refuses connections, and 200 once it accepts them', async () => {
    test = await createTestDatabase(backend);
    app = await buildApp(config, { db: test.db });
    const admin = new URL(process.env.DATABASE_URL!);
    const name = new URL(test.url!).pathname.slice(1);
    const allow = (on: boolean) => withClient(admin, (client) => client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${on}`));
    await allow(false);
    try {
      await withClient(admin, (client) =>
        client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]),
      );
      expect(await probe(app, '/healthz')).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'unreachable' } });
      expect(await probe(app, '/readyz')).toMatchObject({ status: 503, body: { status: 'not ready' } });
    } finally {
      await allow(true);
    }
    expect(await probe(app, '/healthz')).toEqual({ status: 200, body: { status: 'ok', database: 'ok', disk: 'ok' } });
    expect(await probe(app, '/readyz')).toEqual({ status: 200, body: { status: 'ready', disk: 'ok' } });
  });
});
