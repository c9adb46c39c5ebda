import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { runAccountCommand } from '../../server/admin/account-admin';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-databases';
import { Browser, signIn } from './helpers/sign-in-flow';

const ORIGIN = 'http://console.test';
const PASSWORD = 'correct horse battery staple';

describe.each(backends)('account changes end sessions (npm run user -- passwd / remove) on %s', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    app = await buildApp(readConfig({ PUBLIC_URL: ORIGIN, CONSOLE_ADMIN_PASSWORD: PASSWORD }), { db: database.db });
    await app.ready();
    await runAccountCommand(database.db, { command: 'add', username: 'bob', password: PASSWORD });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const signInAs = async (username: string) => {
    const browser = new Browser(app, ORIGIN);
    const { tokens } = await signIn(browser, {
      clientId: 'search-evaluation-console',
      audience: `${ORIGIN}/api`,
      username,
      password: PASSWORD,
    });
    return { browser, refreshToken: tokens!.refresh_token!, accessToken: tokens!.access_token };
  };
  const me = (accessToken: string) =>
    app.inject({ method: 'GET', url: '/api/backend/me', headers: { authorization: `Bearer ${accessToken}` } });
  const refresh = (browser: Browser, token: string) =>
    browser.request('POST', '/oidc/token', { grant_type: 'refresh_token', refresh_token: token, client_id: 'search-evaluation-console' });
  /** Whether the browser's session still signs in without asking for a password. */
  const signedInSilently = async (browser: Browser) => {
    const query = new URLSearchParams({
      client_id: 'search-evaluation-console',
      response_type: 'code',
      redirect_uri: `${ORIGIN}/`,
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      prompt: 'none',
    });
    const { url } = await browser.follow(await browser.request('GET', `/oidc/auth?${query}`), (u) => u.pathname === '/');
    return url.searchParams.has('code');
  };

  it("revokes the user's refresh tokens and sessions on a password change, and no one else's", async () => {
    const admin = await signInAs('admin');
    const bob = await signInAs('bob');
    expect(await signedInSilently(admin.browser)).toBe(true);

    await runAccountCommand(database.db, { command: 'passwd', username: 'admin', password: 'a brand new password' });

    const refused = await refresh(admin.browser, admin.refreshToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');
    expect(await signedInSilently(admin.browser)).toBe(false);
    expect((await refresh(bob.browser, bob.refreshToken)).statusCode).toBe(200);
  });

  it('refuses the access tokens issued before a password change at once, and no one else’s', async () => {
    for (const username of ['dora', 'eve']) await runAccountCommand(database.db, { command: 'add', username, password: PASSWORD });
    const dora = await signInAs('dora');
    const eve = await signInAs('eve');
    expect((await me(dora.accessToken)).statusCode).toBe(200);
    await runAccountCommand(database.db, { command: 'passwd', username: 'dora', password: 'doras brand new password' });
    const refused = await me(dora.accessToken);
    expect([refused.statusCode, refused.json().message]).toEqual([
      401,
      'Invalid bearer token: the password was changed after this token was issued; sign in again',
    ]);
    expect((await me(eve.accessToken)).statusCode).toBe(200);
    const { tokens } = await signIn(new Browser(app, ORIGIN), {
      clientId: 'search-evaluation-console',
      audience: `${ORIGIN}/api`,
      username: 'dora',
      password: 'doras brand new password',
    });
    expect((await me(tokens!.access_token)).statusCode).toBe(200);
  });

  it('does not hand a removed account’s sessions to a new account of the same name', async () => {
    const bob = await signInAs('bob');
    await runAccountCommand(database.db, { command: 'remove', username: 'bob' });
    await runAccountCommand(database.db, { command: 'add', username: 'bob', password: 'someone else entirely' });
    expect((await refresh(bob.browser, bob.refreshToken)).statusCode).toBe(400);
    expect(await signedInSilently(bob.browser)).toBe(false);
  });
});
