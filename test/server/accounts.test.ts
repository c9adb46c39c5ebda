/**
 * The accounts API of the embedded provider, with its own tokens: admins manage accounts,
 * curators and viewers are refused naming the admin role, the last admin stays, a removed account or a
 * reset password ends sessions and refresh tokens, a role change counts on the next request, everyone
 * changes their own password, and each change leaves its audit row (none when refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-databases';
import { startTestApp } from './helpers/test-app';
import { Browser, signIn } from './helpers/sign-in-flow';

const ORIGIN = 'http://console.test';
const CLIENT_ID = 'search-evaluation-console';
const PASSWORD = 'correct horse battery staple';
const ADMIN_ONLY = 'This needs the admin role';

type Session = { browser: Browser; access: string; refresh: string };

describe.each(backends)('accounts API on %s', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin: Session;

  const signInAs = async (username: string, password = PASSWORD): Promise<Session> => {
    const browser = new Browser(app, ORIGIN);
    const { tokens, loginResponse } = await signIn(browser, { clientId: CLIENT_ID, audience: `${ORIGIN}/api`, username, password });
    if (!tokens) throw new Error(`${username} could not sign in: ${loginResponse.statusCode}`);
    return { browser, access: tokens.access_token, refresh: tokens.refresh_token! };
  };
  const call = (who: Session, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api/backend${url}`, headers: { authorization: `Bearer ${who.access}` }, payload });
  const refresh = (who: Session) =>
    who.browser.request('POST', '/oidc/token', { grant_type: 'refresh_token', refresh_token: who.refresh, client_id: CLIENT_ID });
  const addAs = async (username: string, role: string, by = admin) => {
    const response = await call(by, 'POST', '/accounts/', { username, password: PASSWORD, role });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const audit = async (query: string) => (await call(admin, 'GET', `/audit/?${query}`)).json().results;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    app = await buildApp(readConfig({ PUBLIC_URL: ORIGIN, CONSOLE_ADMIN_PASSWORD: PASSWORD }), { db: database.db });
    await app.ready();
    admin = await signInAs('admin');
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('lists, finds and adds accounts for an admin, each addition in the audit trail', async () => {
    const added = await addAs('cora', 'curator');
    expect(added).toEqual({ username: 'cora', role: 'curator', created_at: expect.any(String), updated_at: expect.any(String) });
    await addAs('vic', 'viewer');

    const list = await call(admin, 'GET', '/accounts/');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('3');
    expect(list.json().results.map((a: { username: string; role: string }) => `${a.username}:${a.role}`)).toEqual([
      'admin:admin',
      'cora:curator',
      'vic:viewer',
    ]);
    const found = (await call(admin, 'GET', '/accounts/?search=CO&page_size=1')).json();
    expect(found).toMatchObject({ count: 1, results: [{ username: 'cora' }] });

    expect(await audit('action=account.create&target_id=cora')).toEqual([
      expect.objectContaining({
        actor: { sub: 'admin', name: 'admin' },
        target_type: 'account',
        target_id: 'cora',
        summary: 'role curator',
      }),
    ]);
  });

  it('refuses every accounts route to a curator and a viewer, naming the admin role', async () => {
    for (const username of ['cora', 'vic']) {
      const who = await signInAs(username);
      const attempts = [
        call(who, 'GET', '/accounts/'),
        call(who, 'POST', '/accounts/', { username: 'sneaky', password: PASSWORD, role: 'admin' }),
        call(who, 'PATCH', `/accounts/${username}`, { role: 'admin' }),
        call(who, 'POST', '/accounts/admin/password', { password: 'taken over now' }),
        call(who, 'DELETE', '/accounts/admin'),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toContain(ADMIN_ONLY);
      }
    }
    expect((await call(admin, 'GET', '/accounts/?search=sneaky')).json().count).toBe(0);
    expect((await call(admin, 'GET', '/accounts/?search=cora')).json().results[0].role).toBe('curator');
  });

  it('refuses bad input with a 400 naming the field, and a taken name with a 409', async () => {
    const cases: Array<[object, string]> = [
      [{ username: '-dash-first', password: PASSWORD, role: 'viewer' }, 'body.username'],
      [{ username: 'has space', password: PASSWORD, role: 'viewer' }, 'body.username'],
      [{ username: 'x'.repeat(65), password: PASSWORD, role: 'viewer' }, 'body.username'],
      [{ username: 'shorty', password: 'seven77', role: 'viewer' }, 'body.password'],
      [{ username: 'owner', password: PASSWORD, role: 'owner' }, 'body.role'],
      [{ username: 'norole', password: PASSWORD }, 'body.role'],
    ];
    for (const [body, field] of cases) {
      const response = await call(admin, 'POST', '/accounts/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(field);
    }
    const taken = await call(admin, 'POST', '/accounts/', { username: 'cora', password: PASSWORD, role: 'admin' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An account named "cora" already exists');

    const badRole = await call(admin, 'PATCH', '/accounts/cora', { role: 'boss' });
    expect([badRole.statusCode, badRole.json().message]).toEqual([400, expect.stringContaining('body.role')]);
    const shortReset = await call(admin, 'POST', '/accounts/cora/password', { password: 'short' });
    expect([shortReset.statusCode, shortReset.json().message]).toEqual([400, expect.stringContaining('body.password')]);
    for (const [method, url, body] of [
      ['PATCH', '/accounts/nobody', { role: 'viewer' }],
      ['POST', '/accounts/nobody/password', { password: PASSWORD }],
      ['DELETE', '/accounts/nobody', undefined],
    ] as const) {
      const response = await call(admin, method, url, body);
      expect([response.statusCode, response.json().message]).toEqual([404, 'No account named "nobody"']);
    }
    // Names no account can have are unknown (or refused by the path's own checks), never a server error.
    for (const odd of ['%ED%A0%80', 'a%2Fb', '%20', 'x'.repeat(65), '%00']) {
      const response = await call(admin, 'PATCH', `/accounts/${odd}`, { role: 'viewer' });
      expect([400, 404], odd).toContain(response.statusCode);
    }
    expect((await call(admin, 'GET', '/accounts/')).json().count).toBe(3);
  });

  it('changes a role, which counts on the very next request with the same token', async () => {
    const vic = await signInAs('vic');
    const createDataset = () =>
      app.inject({
        method: 'POST',
        url: '/api/service/datasets/',
        headers: { authorization: `Bearer ${vic.access}` },
        payload: { name: `by vic ${Math.random()}`, description: 'made to try the role' },
      });
    expect((await createDataset()).statusCode).toBe(403);

    const promoted = await call(admin, 'PATCH', '/accounts/vic', { role: 'curator' });
    expect(promoted.json()).toMatchObject({ username: 'vic', role: 'curator' });
    expect((await createDataset()).statusCode).toBe(201);
    expect((await call(vic, 'GET', '/me')).json()).toMatchObject({ sub: 'vic', role: 'curator', local_account: true });

    await call(admin, 'PATCH', '/accounts/vic', { role: 'viewer' });
    expect((await createDataset()).statusCode).toBe(403);
    expect((await audit('action=account.role&target_id=vic')).map((row: { summary: string }) => row.summary)).toEqual([
      'curator → viewer',
      'viewer → curator',
    ]);
  });

  it('keeps the last admin, even when two admins demote each other at the same moment', async () => {
    const lastAdmin = '"admin" is the last admin: make another account admin first';
    const demote = await call(admin, 'PATCH', '/accounts/admin', { role: 'curator' });
    expect([demote.statusCode, demote.json().message]).toEqual([409, lastAdmin]);
    const remove = await call(admin, 'DELETE', '/accounts/admin');
    expect([remove.statusCode, remove.json().message]).toEqual([409, lastAdmin]);
    expect(await audit('target_id=admin&action=account.role')).toEqual([]);

    await addAs('ada', 'admin');
    const ada = await signInAs('ada');
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([
        call(ada, 'PATCH', '/accounts/admin', { role: 'viewer' }),
        call(admin, 'PATCH', '/accounts/ada', { role: 'viewer' }),
      ]);
      // The loser is refused as the last admin, or (demoted before its request was read) as no admin at all.
      expect(answers.map((r) => r.statusCode).filter((status) => status === 200)).toHaveLength(1);
      expect(answers.map((r) => r.statusCode).filter((status) => status === 409 || status === 403)).toHaveLength(1);
      const admins = (await database.db.query<{ username: string }>("SELECT username FROM accounts WHERE role = 'admin'")).rows;
      expect(admins).toHaveLength(1);
      // Put both back as admins for the next round (the survivor promotes the other).
      const survivor = admins[0].username === 'admin' ? admin : ada;
      const other = admins[0].username === 'admin' ? 'ada' : 'admin';
      expect((await call(survivor, 'PATCH', `/accounts/${other}`, { role: 'admin' })).statusCode).toBe(200);
    }
    // With two admins, one may go; then the other is the last.
    expect((await call(admin, 'DELETE', '/accounts/ada')).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', '/accounts/admin')).statusCode).toBe(409);
  });

  it("resets a password: the account's sessions and refresh tokens end, the new password signs in", async () => {
    await addAs('pat', 'viewer');
    const pat = await signInAs('pat');
    expect((await call(admin, 'POST', '/accounts/pat/password', { password: 'a fresh password' })).statusCode).toBe(204);
    const refused = await refresh(pat);
    expect([refused.statusCode, refused.json().error]).toEqual([400, 'invalid_grant']);
    expect((await refresh(admin)).statusCode).toBe(200);
    await expect(signInAs('pat')).rejects.toThrow('401');
    expect((await signInAs('pat', 'a fresh password')).access).toEqual(expect.any(String));
    expect(await audit('action=account.password_reset&target_id=pat')).toHaveLength(1);
  });

  it('removes an account: its access token gets 401 at once, its refresh token is refused', async () => {
    await addAs('rex', 'curator');
    const rex = await signInAs('rex');
    expect((await call(rex, 'GET', '/me')).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', '/accounts/rex')).statusCode).toBe(204);
    const after = await call(rex, 'GET', '/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toContain('the account no longer exists');
    expect((await refresh(rex)).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/accounts/?search=rex')).json().count).toBe(0);
    // A new account of the same name is someone else: the old token is still refused.
    await addAs('rex', 'admin');
    expect((await call(rex, 'GET', '/me')).statusCode).toBe(401);
    expect(await audit('action=account.remove&target_id=rex')).toEqual([
      expect.objectContaining({ actor: { sub: 'admin', name: 'admin' }, target_type: 'account' }),
    ]);
  });

  it('lets any signed-in account change its own password, checking the current one', async () => {
    const vic = await signInAs('vic');
    const wrong = await call(vic, 'POST', '/me/password', { current_password: 'not it at all', new_password: 'vics new password' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'current_password: does not match']);
    const short = await call(vic, 'POST', '/me/password', { current_password: PASSWORD, new_password: 'short' });
    expect([short.statusCode, short.json().message]).toEqual([400, expect.stringContaining('body.new_password')]);

    const changed = await call(vic, 'POST', '/me/password', { current_password: PASSWORD, new_password: 'vics new password' });
    expect(changed.statusCode).toBe(204);
    expect((await refresh(vic)).statusCode).toBe(400);
    await expect(signInAs('vic')).rejects.toThrow('401');
    await signInAs('vic', 'vics new password');
    expect(await audit('action=account.password&target_id=vic')).toEqual([
      expect.objectContaining({ actor: { sub: 'vic', name: 'vic' }, summary: '' }),
    ]);
  });

  const PASSWORD_CHANGED = 'Invalid bearer token: the password was changed after this token was issued; sign in again';

  it('refuses the access token issued before a reset at once, with the reason; a new sign-in works', async () => {
    await addAs('rita', 'curator');
    const rita = await signInAs('rita');
    expect((await call(rita, 'GET', '/me')).statusCode).toBe(200);
    expect((await call(admin, 'POST', '/accounts/rita/password', { password: 'ritas next password' })).statusCode).toBe(204);
    const old = await call(rita, 'GET', '/me');
    expect([old.statusCode, old.json().message]).toEqual([401, PASSWORD_CHANGED]);
    expect(old.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect((await refresh(rita)).statusCode).toBe(400);
    const again = await signInAs('rita', 'ritas next password');
    expect((await call(again, 'GET', '/me')).json()).toMatchObject({ sub: 'rita', role: 'curator' });
    // The admin who reset it is not signed out.
    expect((await call(admin, 'GET', '/me')).statusCode).toBe(200);
  });

  it("refuses one's own access token after one's own password change, and the new password's token works", async () => {
    await addAs('owen', 'viewer');
    const owen = await signInAs('owen');
    const other = await signInAs('owen');
    const changed = await call(owen, 'POST', '/me/password', { current_password: PASSWORD, new_password: 'owens new password' });
    expect(changed.statusCode).toBe(204);
    for (const session of [owen, other]) {
      const old = await call(session, 'GET', '/me');
      expect([old.statusCode, old.json().message]).toEqual([401, PASSWORD_CHANGED]);
    }
    const again = await signInAs('owen', 'owens new password');
    expect((await call(again, 'GET', '/me')).statusCode).toBe(200);
  });

  it('throttles wrong current passwords together with sign-in failures', async () => {
    await addAs('tess', 'viewer');
    const tess = await signInAs('tess');
    const wrongOnce = () => call(tess, 'POST', '/me/password', { current_password: 'guess guess', new_password: 'whatever it is' });
    for (let i = 0; i < 5; i += 1) expect((await wrongOnce()).statusCode).toBe(400);
    const refused = await call(tess, 'POST', '/me/password', { current_password: PASSWORD, new_password: 'whatever it is' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many wrong passwords. Try again in 15 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // The same count as sign-in's: the right password is refused there too, for now.
    await expect(signInAs('tess')).rejects.toThrow('429');
  });
});

describe('accounts API with an external identity provider', () => {
  it('answers 409 on every route: its accounts are kept there', async () => {
    const t = await startTestApp('pglite');
    try {
      const headers = await t.auth();
      const attempts = [
        t.app.inject({ method: 'GET', url: '/api/backend/accounts/', headers }),
        t.app.inject({
          method: 'POST',
          url: '/api/backend/accounts/',
          headers,
          payload: { username: 'x', password: PASSWORD, role: 'viewer' },
        }),
        t.app.inject({ method: 'PATCH', url: '/api/backend/accounts/x', headers, payload: { role: 'viewer' } }),
        t.app.inject({ method: 'POST', url: '/api/backend/accounts/x/password', headers, payload: { password: PASSWORD } }),
        t.app.inject({ method: 'DELETE', url: '/api/backend/accounts/x', headers }),
        t.app.inject({
          method: 'POST',
          url: '/api/backend/me/password',
          headers,
          payload: { current_password: 'a', new_password: PASSWORD },
        }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect([response.statusCode, response.json().message]).toEqual([409, 'Accounts are kept by the identity provider']);
      }
    } finally {
      await t.close();
    }
  });
});
