/**
 * Sign-in throttling counted in the database: two servers on one database enforce one limit,
 * attempts sent at the same moment cannot slip past it together, and a window that has run out is
 * forgotten (and swept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres';
import { deleteExpiredLoginFailures } from '../../server/identity/login-throttle';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-databases';
import { Browser, signIn } from './helpers/sign-in-flow';

const ORIGIN = 'http://console.test';
const PASSWORD = 'correct horse battery staple';

describe.each(backends)('sign-in throttling shared through the database (%s)', (backend) => {
  let database: TestDatabase;
  /** The second server's own connections (PostgreSQL); on PGlite both servers share the one database. */
  let secondDb: Database;
  let servers: FastifyInstance[];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    secondDb = backend === 'postgres' ? await openPostgres(database.url!) : database.db;
    const config = readConfig({ PUBLIC_URL: ORIGIN, CONSOLE_ADMIN_PASSWORD: PASSWORD });
    servers = [await buildApp(config, { db: database.db }), await buildApp(config, { db: secondDb })];
    await Promise.all(servers.map((server) => server.ready()));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    if (secondDb !== database.db) await secondDb.close();
    await database.drop();
  });

  const attempt = async (server: FastifyInstance, username: string, password: string) =>
    (await signIn(new Browser(server, ORIGIN), { clientId: 'search-evaluation-console', audience: `${ORIGIN}/api`, username, password }))
      .loginResponse;

  it('counts failures on either server towards one limit', async () => {
    const answers = [];
    // Alternating: each server alone has seen at most three failures when the sixth attempt comes.
    for (let i = 0; i < 5; i += 1) answers.push((await attempt(servers[i % 2], 'admin', 'wrong password')).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    for (const server of servers) {
      const refused = await attempt(server, 'admin', PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.body).toContain('Too many failed sign-ins. Try again in 15 minutes.');
    }
  });

  it('lets no more than the limit through when attempts arrive at the same moment on both servers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => attempt(servers[i % 2], 'burst', 'wrong password').then((r) => r.statusCode)),
    );
    expect(answers.filter((status) => status === 401)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(5);
  });

  it('forgets a window that has run out, and sweeps it away', async () => {
    const counted = async () =>
      (await database.db.query<{ key: string }>("SELECT key FROM login_failures WHERE key LIKE 'user:%' ORDER BY key")).rows.map(
        (row) => row.key,
      );
    expect(await counted()).toEqual(['user:127.0.0.1|admin', 'user:127.0.0.1|burst']);
    await database.db.query("UPDATE login_failures SET window_started_at = now() - interval '16 minutes' WHERE key LIKE '%admin'");
    const after = await attempt(servers[1], 'admin', PASSWORD);
    expect(after.statusCode).toBe(303);
    // A success starts the username afresh; the burst's window is still running.
    expect(await counted()).toEqual(['user:127.0.0.1|burst']);

    await database.db.query("UPDATE login_failures SET window_started_at = now() - interval '16 minutes'");
    expect(await deleteExpiredLoginFailures(database.db)).toBe(2);
    expect(await counted()).toEqual([]);
    expect((await attempt(servers[0], 'burst', 'wrong password')).statusCode).toBe(401);
  });
});
