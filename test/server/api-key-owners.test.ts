/**
 * API keys with the embedded provider's accounts: a personal key does no more than its owner may now (a
 * demoted owner's key is capped), stops when the owner's account is removed (revoked in the same
 * transaction, and refused even should the row outlive the account), and the OpenID provider's own
 * endpoints take no key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-databases';
import { Browser, signIn } from './helpers/sign-in-flow';

const ORIGIN = 'http://console.test';
const CLIENT_ID = 'search-evaluation-console';
const PASSWORD = 'correct horse battery staple';

describe.each(backends)('API keys of embedded accounts on %s', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin: string;

  const signInAs = async (username: string): Promise<string> => {
    const browser = new Browser(app, ORIGIN);
    const { tokens } = await signIn(browser, { clientId: CLIENT_ID, audience: `${ORIGIN}/api`, username, password: PASSWORD });
    if (!tokens) throw new Error(`${username} could not sign in`);
    return tokens.access_token;
  };
  const call = (bearer: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${bearer}`, host: 'console.test' }, payload });
  const addAccount = async (username: string, role: string) => {
    const response = await call(admin, 'POST', '/api/backend/accounts/', { username, password: PASSWORD, role });
    expect(response.statusCode, response.body).toBe(201);
  };
  const makeKey = async (bearer: string, body: object) => {
    const response = await call(bearer, 'POST', '/api/backend/api-keys/', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; secret: string; prefix: string }>();
  };
  const newDataset = (bearer: string, name: string) => call(bearer, 'POST', '/api/service/datasets/', { name });

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

  it("caps a personal key at its owner's current role", async () => {
    await addAccount('dora', 'curator');
    const key = await makeKey(await signInAs('dora'), { name: 'ci', role: 'curator' });
    expect((await newDataset(key.secret, 'By dora')).statusCode).toBe(201);

    expect((await call(admin, 'PATCH', '/api/backend/accounts/dora', { role: 'viewer' })).statusCode).toBe(200);
    const capped = await newDataset(key.secret, 'Refused');
    expect(capped.statusCode).toBe(403);
    expect(capped.json().message).toBe('This needs the curator role; you are signed in as a viewer');
    expect((await call(key.secret, 'GET', '/api/service/datasets/')).statusCode).toBe(200);

    expect((await call(admin, 'PATCH', '/api/backend/accounts/dora', { role: 'curator' })).statusCode).toBe(200);
    expect((await newDataset(key.secret, 'Again by dora')).statusCode).toBe(201);
  });

  it("revokes a removed owner's personal keys in the same change; an admin's service key stays", async () => {
    await addAccount('eli', 'curator');
    const key = await makeKey(await signInAs('eli'), { name: 'sync', role: 'viewer' });
    const service = await makeKey(admin, { name: 'deploy', role: 'viewer', service: true });
    expect((await call(key.secret, 'GET', '/api/service/datasets/')).statusCode).toBe(200);

    expect((await call(admin, 'DELETE', '/api/backend/accounts/eli')).statusCode).toBe(204);
    const refused = await call(key.secret, 'GET', '/api/service/datasets/');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('API key revoked');
    const listed = (await call(admin, 'GET', '/api/backend/api-keys/?page_size=100')).json().results.map((k: { id: number }) => k.id);
    expect(listed).toContain(service.id);
    expect(listed).not.toContain(key.id);
    const removal = (await call(admin, 'GET', '/api/backend/audit/?action=account.remove&target_id=eli')).json().results;
    expect(removal[0].summary).toBe('1 API key revoked');
    expect((await call(service.secret, 'GET', '/api/service/datasets/')).statusCode).toBe(200);
  });

  it('refuses a personal key whose owner account no longer exists, even if the key was left unrevoked', async () => {
    await addAccount('finn', 'viewer');
    const key = await makeKey(await signInAs('finn'), { name: 'left over', role: 'viewer' });
    // As if the account went by a path that did not revoke its keys.
    await database.db.query("DELETE FROM accounts WHERE username = 'finn'");
    const refused = await call(key.secret, 'GET', '/api/service/datasets/');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe("API key's owner no longer has an account");
  });

  it("gives the OpenID provider's endpoints nothing for a key", async () => {
    const key = await makeKey(admin, { name: 'oidc', role: 'viewer' });
    // The embedded provider has no userinfo (its tokens are for the API): a key there finds nothing either.
    const userinfo = await call(key.secret, 'GET', '/oidc/me');
    expect(userinfo.statusCode).toBe(404);
    expect(userinfo.body).not.toContain('"sub"');
    // Nor does the token endpoint take a key as a refresh token: a key is not one of the provider's tokens.
    const asRefresh = await app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { host: 'console.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: key.secret, client_id: CLIENT_ID }).toString(),
    });
    expect(asRefresh.statusCode).toBe(400);
    expect(asRefresh.json().error).toBe('invalid_grant');
  });

  it('keeps a key from changing a password', async () => {
    const key = await makeKey(admin, { name: 'pw', role: 'admin' });
    const response = await call(key.secret, 'POST', '/api/backend/me/password', {
      current_password: PASSWORD,
      new_password: 'x'.repeat(12),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('An API key has no password: sign in to change yours');
  });
});
