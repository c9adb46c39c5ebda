import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { createTestDatabase, type TestDatabase } from './helpers/test-databases';

const ORIGIN = 'http://console.test';
const authorize = `/oidc/auth?${new URLSearchParams({
  client_id: 'search-evaluation-console',
  response_type: 'code',
  scope: 'openid',
  code_challenge: 'x'.repeat(43),
  code_challenge_method: 'S256',
  redirect_uri: `${ORIGIN}/`,
})}`;

describe('anonymous sign-in starts (/oidc/auth)', () => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.drop();
  });
  const start = async (env: Record<string, string> = {}) => {
    database = await createTestDatabase('pglite');
    app = await buildApp(readConfig({ PUBLIC_URL: ORIGIN, ...env }), { db: database.db });
    await app.ready();
    return { app, db: database.db };
  };
  const storedInteractions = async (db: TestDatabase['db']) =>
    (await db.query<{ count: string }>("SELECT count(*) AS count FROM oidc_payloads WHERE model = 'Interaction'")).rows[0].count;

  it('refuses more than 30 a minute from one address, with a page that says so, and stores nothing for them', async () => {
    const { app, db } = await start({ TRUST_PROXY: 'true' });
    const from = (address: string) =>
      app.inject({ method: 'GET', url: authorize, headers: { host: 'console.test', 'x-forwarded-for': address } });
    for (let i = 0; i < 30; i += 1) expect((await from('203.0.113.7')).statusCode).toBe(303);
    const refused = await from('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('Too many sign-ins started from your address. Try again in a minute.');
    for (let i = 0; i < 20; i += 1) await from('203.0.113.7');
    expect(Number(await storedInteractions(db))).toBe(30);
    expect((await from('198.51.100.2')).statusCode).toBe(303);
  });

  it('does not count silent authorizations (prompt=none), which store nothing: a console reloaded often stays signed in', async () => {
    const { app, db } = await start({ TRUST_PROXY: 'true' });
    const silent = `${authorize}&prompt=none`;
    for (let i = 0; i < 40; i += 1) {
      const answer = await app.inject({ method: 'GET', url: silent, headers: { host: 'console.test', 'x-forwarded-for': '203.0.113.9' } });
      // Without a session the provider answers the console at once: login_required, in the redirect.
      expect(answer.statusCode, `silent authorization ${i + 1}`).toBe(303);
      expect(answer.headers.location).toContain('error=login_required');
    }
    expect(Number(await storedInteractions(db))).toBe(0);
    const interactive = await app.inject({
      method: 'GET',
      url: authorize,
      headers: { host: 'console.test', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(interactive.statusCode).toBe(303);
  });

  it('keeps an unfinished sign-in for 10 minutes at most', async () => {
    const { app, db } = await start();
    expect((await app.inject({ method: 'GET', url: authorize, headers: { host: 'console.test' } })).statusCode).toBe(303);
    const { rows } = await db.query<{ seconds: number }>(
      "SELECT extract(epoch FROM expires_at - now())::int AS seconds FROM oidc_payloads WHERE model = 'Interaction'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].seconds).toBeLessThanOrEqual(10 * 60);
  });
});
